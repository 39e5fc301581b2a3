"""The 2D layer over the table: HUD bar, buttons, panels, menus, drawn with pyglet."""
