"""The learned evaluations' weights, one JSON file per game and player count (package data read
through importlib.resources, so an installed copy finds them as a checkout does; made by
``python -m game train``, each file says how)."""

# Where the levels (hard, expert, hints) judge their leaves by the learned value: where it beat the
# hand-written evaluation at the levels' own budget (docs/bots.md, "A learned evaluation"): Octocube
# at 2 players, 58.5% of 200 games of learned:300cpu against mcts:300cpu. Cubitos at 2 players read
# 40.6% of 64 there, though 67% at 100 iterations, so the other shipped files are not used by the
# levels until a row at their budget shows them better; `learned` as a spec uses any shipped file.
FOR_LEVELS = frozenset({("octocube", 2)})
