#version 330
// Every instanced piece and the table: one model matrix, a colour and two atlas rects per instance.
uniform mat4 u_viewproj;
uniform mat4 u_light_vp;

in vec3 in_pos;
in vec3 in_normal;
in vec2 in_uv;
in float in_face;
in vec4 in_m0;
in vec4 in_m1;
in vec4 in_m2;
in vec4 in_m3;
in vec4 in_color;
in vec4 in_rect;
in vec4 in_rect2;

out vec3 v_world;
out vec3 v_normal;
out vec2 v_uv;
out vec4 v_shadow;
flat out int v_face;
flat out vec4 v_color;
flat out vec4 v_rect;
flat out vec4 v_rect2;

void main() {
    mat4 model = mat4(in_m0, in_m1, in_m2, in_m3);
    vec4 world = model * vec4(in_pos, 1.0);
    v_world = world.xyz;
    v_normal = mat3(model) * in_normal;
    v_uv = in_uv;
    v_face = int(in_face + 0.5);
    v_color = in_color;
    v_rect = in_rect;
    v_rect2 = in_rect2;
    v_shadow = u_light_vp * world;
    gl_Position = u_viewproj * world;
}
