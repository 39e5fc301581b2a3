"""Cubetable's screen: moderngl drawing, the scene, views per game, input and the pyglet app."""
