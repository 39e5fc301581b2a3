#version 330
// Stretches a frame drawn at reduced size back to the window's size (linear filtering).
uniform sampler2D u_frame;
in vec2 v_uv;
out vec4 f_colour;

void main() {
    f_colour = texture(u_frame, v_uv);
}
