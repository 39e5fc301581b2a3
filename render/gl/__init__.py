"""moderngl helpers: context, shaders from shaders/, meshes, textures, instanced batches, targets."""
