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
