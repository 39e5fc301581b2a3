"""The replay viewer: a saved game stepped both ways on its table, watched through any seat's eyes,
and taken over from any position."""
