"""GLSL sources; installed as the package render.shaders so importlib.resources finds them."""
