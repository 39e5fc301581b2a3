#version 330
// Cheap on purpose (it covers most of the frame): one texture (the baked print of the flat pieces
// near the centre, else the wood) x (ambient + key light x shadow), then fog.
uniform sampler2D u_wood;
uniform sampler2D u_print;
uniform float u_print_extent;  // half size of the square u_print covers; 0 = none
uniform sampler2DShadow u_shadow;
uniform float u_shadow_texel;
uniform float u_ambient;
uniform float u_key;
uniform vec3 u_fog;
uniform bool u_unlit;          // baking: the wood's own colour

in vec2 v_xz;
in vec4 v_shadow;

out vec4 f_color;

void main() {
    vec2 puv = vec2(v_xz.x, -v_xz.y) / (2.0 * u_print_extent) + 0.5;
    vec3 base;
    if (u_print_extent > 0.0 && all(greaterThan(puv, vec2(0.0))) && all(lessThan(puv, vec2(1.0)))) {
        base = texture(u_print, puv).rgb;
    } else {
        base = texture(u_wood, v_xz * 0.09).rgb;
    }
    if (u_unlit) {
        f_color = vec4(base, 1.0);
        return;
    }
    vec3 p = v_shadow.xyz / v_shadow.w * 0.5 + 0.5;
    float lit = 1.0;  // beyond the shadow map nothing casts a shadow: skip the lookup there
    if (all(greaterThan(p.xy, vec2(0.0))) && all(lessThan(p.xy, vec2(1.0)))) {
        lit = texture(u_shadow, vec3(p.xy, p.z - 1.5 * u_shadow_texel));
    }
    vec3 col = base * (u_ambient + u_key * lit);
    float fog = smoothstep(16.0, 34.0, length(v_xz));
    f_color = vec4(mix(col, u_fog, fog), 1.0);
}
