#version 330
// Key light with a shadow map, hemisphere ambient, a little specular. Kept lean: llvmpipe runs it.
uniform sampler2D u_atlas;
uniform sampler2DShadow u_shadow;
uniform vec3 u_light_dir;   // towards the light
uniform vec3 u_eye;
uniform int u_mode;         // 0 cube, 1 tile, 2 top print only, 4 glow marker
uniform float u_shadow_texel;
uniform bool u_unlit;       // baking flat pieces into the table print: their own colours

in vec3 v_world;
in vec3 v_normal;
in vec2 v_uv;
in vec4 v_shadow;
flat in int v_face;
flat in vec4 v_color;
flat in vec4 v_rect;
flat in vec4 v_rect2;

out vec4 f_color;

const vec3 GLOW = vec3(1.0, 0.86, 0.45);
const vec3 PAPER_EDGE = vec3(0.86, 0.82, 0.74);

vec3 printed(vec3 base, vec4 rect) {  // a zero rect prints nothing
    if (rect.z <= rect.x || any(lessThan(v_uv, vec2(0.0))) || any(greaterThan(v_uv, vec2(1.0)))) return base;
    vec4 t = texture(u_atlas, mix(rect.xy, rect.zw, v_uv));
    return mix(base, t.rgb, t.a);
}

void main() {
    if (u_mode == 4) {  // glow marker: a soft ring inside the square's rim (width in rect.x), added
        vec2 d = abs(v_uv - 0.5) * 2.0;
        float edge = max(d.x, d.y);
        float inner = v_rect.x;
        float ring = smoothstep(inner, mix(inner, 1.0, 0.6), edge) * (1.0 - smoothstep(mix(inner, 1.0, 0.75), 1.0, edge));
        f_color = vec4(v_color.rgb * ring * v_color.a, 1.0);
        return;
    }
    vec3 base = v_color.rgb;
    if (u_mode == 0 || v_face == 0) {
        base = printed(base, v_rect);
    } else if (u_mode == 1 && v_face == 1) {
        base = printed(base, v_rect2);
    } else if (u_mode == 1) {  // tile edge: plain card stock (hidden tiles must not show their colour)
        base = PAPER_EDGE * (0.5 + 0.5 * smoothstep(0.8, 0.4, v_uv.y));  // dark seam at its foot
    }
    if (u_unlit) {
        f_color = vec4(base, 1.0);
        return;
    }
    vec3 n = normalize(v_normal);
    vec3 p = v_shadow.xyz / v_shadow.w * 0.5 + 0.5;
    float ndl = max(dot(n, u_light_dir), 0.0);
    float bias = u_shadow_texel * (1.5 + 2.0 * (1.0 - ndl));
    float lit = ndl * texture(u_shadow, vec3(p.xy, p.z - bias));
    vec3 ambient = mix(vec3(0.43, 0.39, 0.35), vec3(0.6, 0.6, 0.63), n.y * 0.5 + 0.5);
    vec3 h = normalize(u_light_dir + normalize(u_eye - v_world));
    float s = max(dot(n, h), 0.0);
    s *= s; s *= s; s *= s; s *= s; s *= s;  // s^32
    vec3 col = base * (ambient + vec3(0.6, 0.57, 0.51) * lit) + 0.22 * s * lit;
    f_color = vec4(mix(col, GLOW, v_color.a * 0.42), 1.0);
}
