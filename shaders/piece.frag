#version 330
// Key light with a shadow map, hemisphere ambient, a little specular; colours are sRGB in and out.
uniform sampler2D u_atlas;
uniform sampler2D u_wood;
uniform sampler2DShadow u_shadow;
uniform vec3 u_light_dir;   // towards the light
uniform vec3 u_eye;
uniform int u_mode;         // 0 cube, 1 tile, 2 top print only, 3 table, 4 glow marker
uniform float u_time;
uniform float u_shadow_texel;

in vec3 v_world;
in vec3 v_normal;
in vec2 v_uv;
in vec4 v_shadow;
flat in int v_face;
flat in vec4 v_color;
flat in vec4 v_rect;
flat in vec4 v_rect2;

out vec4 f_color;

const vec3 FOG = vec3(0.16, 0.105, 0.07);
const vec3 GLOW = vec3(1.0, 0.86, 0.45);

vec3 to_linear(vec3 c) { return c * c; }

bool printable() { return v_uv.x >= 0.0 && v_uv.x <= 1.0 && v_uv.y >= 0.0 && v_uv.y <= 1.0; }

vec4 print_at(vec4 rect) {  // a zero rect prints nothing
    return rect.z > rect.x ? texture(u_atlas, mix(rect.xy, rect.zw, v_uv)) : vec4(0.0);
}

float shadow_factor(vec3 n) {
    vec3 p = v_shadow.xyz / v_shadow.w * 0.5 + 0.5;
    if (p.x < 0.0 || p.x > 1.0 || p.y < 0.0 || p.y > 1.0) return 1.0;
    float bias = u_shadow_texel * (1.5 + 2.0 * (1.0 - max(dot(n, u_light_dir), 0.0)));
    return texture(u_shadow, vec3(p.xy, p.z - bias));  // one hardware-filtered (2x2 PCF) tap
}

void main() {
    if (u_mode == 4) {  // glow marker: a soft rounded ring, blended additively
        vec2 d = abs(v_uv - 0.5) * 2.0;
        float edge = max(d.x, d.y);
        float ring = smoothstep(0.62, 0.86, edge) * (1.0 - smoothstep(0.9, 1.0, edge));
        float pulse = 0.75 + 0.25 * sin(u_time * 4.0);
        f_color = vec4(v_color.rgb * ring * pulse * v_color.a, 1.0);
        return;
    }
    vec3 base = v_color.rgb;
    float shine = 0.25;
    if (u_mode == 3) {
        base = texture(u_wood, v_world.xz * 0.09).rgb;
        shine = 0.12;
    } else if (printable()) {
        if (u_mode == 0 || v_face == 0) {
            vec4 t = print_at(v_rect);
            base = mix(base, t.rgb, t.a);
        } else if (u_mode == 1 && v_face == 1) {
            vec4 t = print_at(v_rect2);
            base = mix(base, t.rgb, t.a);
        }
    }
    if (u_mode == 1 && v_face >= 2) {  // tile edge: the card stock, with a dark seam at its foot
        base = mix(base, vec3(0.93, 0.9, 0.82), 0.35) * (0.55 + 0.45 * smoothstep(0.75, 0.35, v_uv.y));
    }
    vec3 n = normalize(v_normal);
    vec3 albedo = to_linear(base);
    float lit = max(dot(n, u_light_dir), 0.0) * shadow_factor(n);
    vec3 ambient = mix(vec3(0.20, 0.17, 0.14), vec3(0.42, 0.42, 0.46), n.y * 0.5 + 0.5);
    vec3 h = normalize(u_light_dir + normalize(u_eye - v_world));
    float spec = pow(max(dot(n, h), 0.0), 48.0) * shine * lit;
    vec3 col = albedo * (ambient + vec3(1.0, 0.95, 0.86) * 0.95 * lit) + spec;
    col = sqrt(col);
    if (v_color.a > 0.0) {
        col = mix(col, GLOW, v_color.a * (0.25 + 0.1 * sin(u_time * 4.0)));
    }
    float fog = smoothstep(16.0, 34.0, length(v_world.xz));
    f_color = vec4(mix(col, FOG, fog), 1.0);
}
