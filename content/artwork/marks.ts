/** Small marks drawn for the site (our own artwork, CC0): avatars, wave, OG card (laid over the hero render). */

export function avatar(initials: string, hue: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96"><rect width="96" height="96" rx="48" fill="hsl(${hue} 55% 42%)"/><text x="48" y="58" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="32" font-weight="700" fill="#fff">${initials}</text></svg>`;
}

/** A layered wave strip used under the contact form and in the menu overlay. */
export function wave(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1440 160" width="1440" height="160" preserveAspectRatio="none">
  <path d="M0 80 C240 20 480 140 720 80 S1200 20 1440 80 V160 H0Z" fill="#0e7490" opacity=".35"/>
  <path d="M0 100 C240 50 480 150 720 100 S1200 50 1440 100 V160 H0Z" fill="#0e7490" opacity=".6"/>
  <path d="M0 125 C240 90 480 160 720 125 S1200 90 1440 125 V160 H0Z" fill="#0a4d61"/>
</svg>`;
}

export function ogCard(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#072f3c" stop-opacity=".88"/><stop offset=".75" stop-color="#072f3c" stop-opacity=".35"/><stop offset="1" stop-color="#072f3c" stop-opacity="0"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#g)"/>
  <text x="80" y="200" font-family="Arial, Helvetica, sans-serif" font-size="44" font-weight="700" fill="#f7f1e6">COASTAL MARINE CONSTRUCTION</text>
  <text x="80" y="300" font-family="Arial, Helvetica, sans-serif" font-size="76" font-weight="800" fill="#ffffff">NEW DOCKS IN 8-12 WEEKS</text>
  <text x="80" y="370" font-family="Arial, Helvetica, sans-serif" font-size="34" fill="#d5eef5">Docks · Boat lifts · Seawalls · Dredging · Cape Coral, FL</text>
</svg>`;
}

/** A drawn person for the about page's sample team (not a photo of anyone): flat head and shoulders. */
export interface PortraitLook {
  skin: string;
  hair: string;
  shirt: string;
  bg: string;
  style: "short" | "long" | "cap" | "bald-beard";
}
export function portrait(p: PortraitLook): string {
  const shade = "rgba(0,0,0,.12)";
  const hair = {
    short: `<path d="M130 236 C116 150 150 84 202 84 C254 84 288 150 274 236 C266 238 258 236 254 230 C262 196 262 170 254 150 C238 132 214 128 190 134 C168 140 150 156 148 180 C144 200 146 216 150 230 C146 236 138 238 130 236Z" fill="${p.hair}"/>`,
    long: `<path d="M128 250 C112 150 150 80 202 80 C256 80 292 150 274 250 C266 236 262 200 262 170 C250 136 230 120 202 122 C172 122 152 138 142 170 C142 204 138 236 128 250Z" fill="${p.hair}"/>`,
    cap: `<path d="M134 158 C134 104 170 84 202 84 C236 84 270 104 270 158Z" fill="${p.hair}"/><path d="M134 150 H300 C304 160 296 166 286 166 H134Z" fill="${p.hair}"/><path d="M150 150 C170 140 236 140 256 150" stroke="${shade}" stroke-width="4" fill="none"/>`,
    "bald-beard": `<path d="M146 214 C150 268 180 292 202 292 C224 292 254 268 258 214 C252 238 240 252 222 256 C214 246 190 246 182 256 C164 252 152 238 146 214Z" fill="${p.hair}"/>`,
  }[p.style];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400">
  <rect width="400" height="400" fill="${p.bg}"/>
  <circle cx="200" cy="430" r="190" fill="#fff" opacity=".18"/>
  <path d="M60 400 C64 330 110 300 168 292 L232 292 C290 300 336 330 340 400Z" fill="${p.shirt}"/>
  <path d="M168 292 L200 336 L232 292Z" fill="#fff" opacity=".9"/>
  <path d="M176 250 H224 V300 C214 312 186 312 176 300Z" fill="${p.skin}"/>
  <path d="M176 270 C192 282 208 282 224 270 V258 H176Z" fill="${shade}"/>
  <ellipse cx="202" cy="186" rx="64" ry="78" fill="${p.skin}"/>
  <ellipse cx="138" cy="192" rx="10" ry="16" fill="${p.skin}"/><ellipse cx="266" cy="192" rx="10" ry="16" fill="${p.skin}"/>
  <circle cx="178" cy="186" r="6" fill="#1f2937"/><circle cx="226" cy="186" r="6" fill="#1f2937"/>
  <path d="M166 168 C174 162 186 162 192 168 M212 168 C218 162 230 162 238 168" stroke="#1f2937" stroke-width="5" stroke-linecap="round" fill="none" opacity=".7"/>
  <path d="M200 196 C198 210 196 214 204 216" stroke="${shade}" stroke-width="5" stroke-linecap="round" fill="none"/>
  <path d="M180 228 C192 240 212 240 224 228" stroke="#7f1d1d" stroke-width="6" stroke-linecap="round" fill="none"/>
  ${hair}
</svg>`;
}
