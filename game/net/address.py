"""Where a server listens: only where the user says, by default this machine's own address on its
local network, never a public address unless asked for by name."""
from __future__ import annotations

import ipaddress
import socket

LOOPBACK = "127.0.0.1"
DEFAULT_PORT = 48620  # where a host listens unless told otherwise


def lan_address() -> str:
    """This machine's address on its local network (the interface a packet to a private address
    would leave by; nothing is sent), or loopback when that is not a private address."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            address = str(s.getsockname()[0])
        except OSError:
            return LOOPBACK
    ip = ipaddress.ip_address(address)
    return address if ip.is_private and not ip.is_unspecified else LOOPBACK


def split(address: str) -> tuple[str, int]:
    """HOST:PORT as (host, port); ValueError with a one-line reason."""
    host, sep, port = address.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"expected HOST:PORT, got {address!r}")
    return host, int(port)
