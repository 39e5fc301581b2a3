#version 330
// Depth from the key light, for the shadow map.
uniform mat4 u_light_vp;

in vec3 in_pos;
in vec4 in_m0;
in vec4 in_m1;
in vec4 in_m2;
in vec4 in_m3;

void main() {
    gl_Position = u_light_vp * mat4(in_m0, in_m1, in_m2, in_m3) * vec4(in_pos, 1.0);
}
