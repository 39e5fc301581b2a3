#version 330
// The wood table top: one big quad at y = 0.
uniform mat4 u_viewproj;
uniform mat4 u_light_vp;
uniform float u_half_size;

in vec2 in_corner;

out vec2 v_xz;
out vec4 v_shadow;

void main() {
    vec4 world = vec4(in_corner.x * u_half_size, 0.0, in_corner.y * u_half_size, 1.0);
    v_xz = world.xz;
    v_shadow = u_light_vp * world;
    gl_Position = u_viewproj * world;
}
