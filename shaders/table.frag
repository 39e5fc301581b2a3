#version 330
// Cheap on purpose (it covers most of the frame): wood x (ambient + key light x shadow), then fog.
uniform sampler2D u_wood;
uniform sampler2DShadow u_shadow;
uniform float u_shadow_texel;
uniform float u_ambient;
uniform float u_key;
uniform vec3 u_fog;

in vec2 v_xz;
in vec4 v_shadow;

out vec4 f_color;

void main() {
    vec3 wood = texture(u_wood, v_xz * 0.09).rgb;
    vec3 p = v_shadow.xyz / v_shadow.w * 0.5 + 0.5;
    float lit = texture(u_shadow, vec3(p.xy, p.z - 1.5 * u_shadow_texel));
    vec3 col = wood * (u_ambient + u_key * lit);
    float fog = smoothstep(16.0, 34.0, length(v_xz));
    f_color = vec4(mix(col, u_fog, fog), 1.0);
}
