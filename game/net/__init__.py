"""Network play: the host's match is the only truth; clients send actions and receive their
seat's observation and the events as that seat may see them (docs/network.md). No screen here."""
