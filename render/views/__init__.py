"""One view per game: builds the scene from a state, animates its events, names pick targets."""
