"""Scene side of the renderer: transforms, the orbit camera, animation timelines, the lit tabletop."""
