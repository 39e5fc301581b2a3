"""The network protocol (docs/network.md): small JSON objects, one per WebSocket text frame, each
carrying the protocol version. What a client sends is only ever parsed as JSON and checked field
by field here; nothing received is executed or unpickled."""
from __future__ import annotations

import json
from typing import Any

VERSION = 1
MAX_MESSAGE_BYTES = 4096  # a client's largest message: an action is under 200 bytes
MAX_SERVER_MESSAGE_BYTES = 4 * 1024 * 1024  # what a client accepts: an observation with its events
CLIENT_TYPES = ("hello", "action", "undo", "ping")


class Refused(Exception):
    """A message the server turns down; ``str()`` is the reason sent back. ``fatal`` closes the
    connection (an unknown or already connected code), otherwise the connection stays."""

    def __init__(self, reason: str, fatal: bool = False, key: str = "") -> None:
        super().__init__(reason)
        self.fatal = fatal
        self.key = key  # for a refused undo, which of UNDO_REFUSALS (a window says it in its language)


UNDO_REFUSALS = ("nothing_to_undo", "undo_hidden", "undo_own_only", "undo_late")  # why an undo is refused, as "key"


def encode(kind: str, **fields: Any) -> str:
    """A message of type ``kind`` as the text of one frame."""
    return json.dumps({"v": VERSION, "type": kind, **fields}, separators=(",", ":"), allow_nan=False)


def decode_client(frame: str | bytes) -> dict[str, Any]:
    """A client's frame as a checked message (``v``, ``type``, ``code`` and the type's fields),
    or Refused with the reason."""
    if not isinstance(frame, str):
        raise Refused("malformed message: send JSON text frames, not binary")
    if len(frame.encode("utf-8")) > MAX_MESSAGE_BYTES:
        raise Refused(f"message too large: at most {MAX_MESSAGE_BYTES} bytes")
    try:
        msg = json.loads(frame)
    except (ValueError, RecursionError):
        raise Refused("malformed message: not JSON") from None
    if not isinstance(msg, dict):
        raise Refused("malformed message: not a JSON object")
    if msg.get("v") != VERSION:
        raise Refused(f"unsupported protocol version {str(msg.get('v'))[:20]!r}: this server speaks {VERSION}")
    kind = msg.get("type")
    if kind not in CLIENT_TYPES:
        raise Refused(f"malformed message: type must be one of {', '.join(CLIENT_TYPES)}")
    if not isinstance(msg.get("code"), str):
        raise Refused("malformed message: every message needs the seat's code")
    if kind == "action" and (not isinstance(msg.get("action"), dict) or type(msg.get("n")) is not int):
        raise Refused("malformed message: an action needs 'action' (an object) and 'n' (the moves seen)")
    if kind == "undo" and type(msg.get("n")) is not int:
        raise Refused("malformed message: an undo needs 'n' (the moves seen)")
    return msg


def decode_server(frame: str | bytes) -> dict[str, Any]:
    """A server's frame as a message; ValueError when it is not one of this version."""
    msg = json.loads(frame)
    if not isinstance(msg, dict) or msg.get("v") != VERSION or not isinstance(msg.get("type"), str):
        raise ValueError("not a message of protocol version %d" % VERSION)
    return msg
