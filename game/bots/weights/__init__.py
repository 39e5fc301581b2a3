"""The learned evaluations' weights, one JSON file per game and player count (package data read
through importlib.resources, so an installed copy finds them as a checkout does; made by
``python -m game train``, each file says how)."""
