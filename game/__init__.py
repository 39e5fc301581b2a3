"""Cubetable's rules layer: pure Python, no screen. See ../shared/DESIGN.md."""
