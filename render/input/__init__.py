"""Where a seat's actions come from: mouse and keys mapped onto legal actions, or a bot."""
