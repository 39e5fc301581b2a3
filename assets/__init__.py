"""Files the program reads at run time; installed as the package render.assets (see setup.py)."""
