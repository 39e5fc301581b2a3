#version 330
// Stretches a frame drawn at reduced size back to the window's size (linear filtering). The frame
// fills the lower-left u_extent of its texture; u_last is the centre of its last texel column and
// row, so the filter never reaches into the unused rest.
uniform sampler2D u_frame;
uniform vec2 u_extent;
uniform vec2 u_last;
in vec2 v_uv;
out vec4 f_colour;

void main() {
    f_colour = texture(u_frame, min(v_uv * u_extent, u_last));
}
