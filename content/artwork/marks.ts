/** Small marks drawn for the site (our own artwork, CC0): verification badges, avatars, wave, OG card. */

function seal(title: string, line1: string, line2: string, color: string, icon: string): string {
  const teeth = Array.from({ length: 24 }, (_, i) => {
    const a = (i / 24) * Math.PI * 2;
    return `${100 + Math.cos(a) * 96},${100 + Math.sin(a) * 96} ${100 + Math.cos(a + 0.13) * 86},${100 + Math.sin(a + 0.13) * 86}`;
  }).join(" ");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200" role="img" aria-label="${title}">
  <polygon points="${teeth}" fill="${color}"/>
  <circle cx="100" cy="100" r="78" fill="#ffffff"/>
  <circle cx="100" cy="100" r="70" fill="none" stroke="${color}" stroke-width="4"/>
  <g transform="translate(100 78)" fill="${color}">${icon}</g>
  <text x="100" y="128" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="17" fill="#0f172a">${line1}</text>
  <text x="100" y="148" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="13" fill="${color}">${line2}</text>
</svg>`;
}

export const badges: Record<string, string> = {
  licensed: seal("Licensed marine contractor", "LICENSED", "MARINE CONTRACTOR", "#0b5f77", `<path d="M-22 -22 h44 v30 l-22 18 l-22 -18Z"/><path d="M-10 -4 l7 7 l14 -14" stroke="#fff" stroke-width="5" fill="none"/>`),
  insured: seal("Fully insured", "FULLY", "INSURED", "#0e7490", `<path d="M0 -28 l26 10 v14 c0 18 -12 28 -26 34 c-14 -6 -26 -16 -26 -34 v-14Z"/>`),
  permits: seal("Permits handled for you", "PERMITS", "HANDLED FOR YOU", "#b45309", `<rect x="-18" y="-26" width="36" height="44" rx="4"/><path d="M-10 -14 h20 M-10 -4 h20 M-10 6 h12" stroke="#fff" stroke-width="4"/>`),
  rated: seal("Five-star rated", "5-STAR", "RATED SERVICE", "#d97706", `<path d="M0 -28 l8 17 l19 2 l-14 13 l4 19 l-17 -10 l-17 10 l4 -19 l-14 -13 l19 -2Z"/>`),
};

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
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#072f3c"/><stop offset="1" stop-color="#0e7490"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#g)"/>
  <path d="M0 500 C300 440 600 560 900 500 S1200 440 1200 470 V630 H0Z" fill="#0a4d61"/>
  <text x="80" y="200" font-family="Arial, Helvetica, sans-serif" font-size="44" font-weight="700" fill="#f7f1e6">COASTAL MARINE CONSTRUCTION</text>
  <text x="80" y="300" font-family="Arial, Helvetica, sans-serif" font-size="76" font-weight="800" fill="#ffffff">NEW DOCKS IN 8-12 WEEKS</text>
  <text x="80" y="370" font-family="Arial, Helvetica, sans-serif" font-size="34" fill="#d5eef5">Docks · Boat lifts · Seawalls · Dredging · Cape Coral, FL</text>
</svg>`;
}
