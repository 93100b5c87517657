/**
 * Flat vector scenes of Cape Coral canal work, one per service (our own artwork, CC0).
 * Each scene is a 1200×800 SVG: sky, mangrove shore, canal water, then the service's subject.
 */
type Sky = "day" | "morning" | "sunset" | "dusk";

const SKIES: Record<Sky, [string, string, string]> = {
  day: ["#7cc4e8", "#cfeaf6", "#fff6d6"],
  morning: ["#9fd0ec", "#f3e3c8", "#ffe9b0"],
  sunset: ["#3f5d8a", "#f08a5d", "#ffd27a"],
  dusk: ["#1f2c4f", "#6a5a8c", "#f3a76b"],
};

const WATER = { day: ["#2a9bb8", "#0b5f77"], morning: ["#3aa3b9", "#0e6a80"], sunset: ["#35627f", "#17324a"], dusk: ["#283a5c", "#101a30"] };

function frame(sky: Sky, body: string, horizon = 470): string {
  const [top, mid, low] = SKIES[sky];
  const [w1, w2] = WATER[sky];
  const sunY = sky === "sunset" || sky === "dusk" ? horizon - 40 : 150;
  const sunX = sky === "sunset" ? 860 : sky === "dusk" ? 300 : 980;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 800" width="1200" height="800">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset=".7" stop-color="${mid}"/><stop offset="1" stop-color="${low}"/></linearGradient>
    <linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${w1}"/><stop offset="1" stop-color="${w2}"/></linearGradient>
    <linearGradient id="wood" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c98f55"/><stop offset="1" stop-color="#8a5a30"/></linearGradient>
    <linearGradient id="concrete" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e2ded6"/><stop offset="1" stop-color="#a9a39a"/></linearGradient>
    <radialGradient id="sun"><stop offset="0" stop-color="#fff8dc"/><stop offset=".5" stop-color="#ffe08a" stop-opacity=".9"/><stop offset="1" stop-color="#ffd27a" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="1200" height="${horizon}" fill="url(#sky)"/>
  <circle cx="${sunX}" cy="${sunY}" r="120" fill="url(#sun)"/>
  <circle cx="${sunX}" cy="${sunY}" r="42" fill="#fff4c9"/>
  ${clouds(sky)}
  ${shore(horizon)}
  <rect y="${horizon}" width="1200" height="${800 - horizon}" fill="url(#water)"/>
  ${ripples(horizon)}
  ${body}
</svg>`;
}

function clouds(sky: Sky): string {
  const c = sky === "dusk" ? "#8d7aa8" : sky === "sunset" ? "#f6b48f" : "#ffffff";
  const cloud = (x: number, y: number, s: number) =>
    `<g fill="${c}" opacity=".85" transform="translate(${x} ${y}) scale(${s})"><ellipse cx="0" cy="0" rx="70" ry="22"/><ellipse cx="40" cy="-14" rx="46" ry="26"/><ellipse cx="-35" cy="-8" rx="38" ry="20"/></g>`;
  return cloud(220, 120, 1.1) + cloud(620, 80, 0.8) + cloud(1040, 200, 0.7);
}

/** A far shoreline: mangroves and a few waterfront houses, as Cape Coral canals look. */
function shore(h: number): string {
  let trees = "";
  for (let x = -20; x < 1240; x += 46) trees += `<ellipse cx="${x}" cy="${h - 14 - ((x * 7) % 13)}" rx="38" ry="${22 + ((x * 3) % 9)}"/>`;
  const house = (x: number, w: number, color: string) =>
    `<g transform="translate(${x} ${h - 58})"><rect width="${w}" height="40" fill="${color}"/><path d="M-6 0 L${w / 2} -26 L${w + 6} 0Z" fill="#b5573b"/><rect x="${w / 2 - 8}" y="16" width="16" height="24" fill="#5b3a29"/></g>`;
  return `<g fill="#2f5d3a">${trees}</g>${house(180, 90, "#f2e6cf")}${house(520, 110, "#e9f1f4")}${house(880, 80, "#f7dccb")}<rect y="${h - 6}" width="1200" height="8" fill="#24482d"/>`;
}

function ripples(h: number): string {
  let out = "";
  for (let i = 0; i < 26; i++) {
    const y = h + 20 + ((i * 53) % (780 - h));
    const x = (i * 197) % 1150;
    out += `<path d="M${x} ${y} q20 -6 40 0 t40 0" stroke="#ffffff" stroke-opacity=".28" stroke-width="3" fill="none"/>`;
  }
  return out;
}

const piling = (x: number, top: number, bottom: number, w = 18, fill = "#7a5230") =>
  `<rect x="${x - w / 2}" y="${top}" width="${w}" height="${bottom - top}" rx="4" fill="${fill}"/><ellipse cx="${x}" cy="${top}" rx="${w / 2}" ry="4" fill="#a97a4c"/><path d="M${x - w / 2 - 6} ${bottom} q${w / 2 + 6} 8 ${w + 12} 0" stroke="#fff" stroke-opacity=".5" stroke-width="3" fill="none"/>`;

/** A dock running from the bottom left toward the canal, in perspective. */
function dock(opts: { newBoards?: boolean; repaired?: boolean } = {}): string {
  let boards = "";
  for (let i = 0; i < 22; i++) {
    const t = i / 22;
    const y = 560 + t * 240;
    const x1 = 120 - t * 220;
    const x2 = 760 + t * 120;
    const fresh = opts.repaired && [4, 5, 9, 14, 15].includes(i);
    boards += `<path d="M${x1} ${y} L${x2} ${y} L${x2 + 6} ${y + 9} L${x1 - 10} ${y + 9}Z" fill="${fresh ? "#e4b98a" : opts.newBoards ? "#c99660" : "#a77a52"}" stroke="#6d4a2b" stroke-width="1.5"/>`;
  }
  const piles = [160, 330, 500, 690].map((x) => piling(x, 520, 600, 20)).join("");
  const front = [60, 420, 840].map((x) => piling(x, 640, 800, 30)).join("");
  return `${piles}<path d="M120 560 L760 560 L880 800 L-100 800Z" fill="url(#wood)"/>${boards}${front}`;
}

function boat(x: number, y: number, s = 1, hull = "#ffffff"): string {
  return `<g transform="translate(${x} ${y}) scale(${s})"><path d="M0 0 L260 0 L230 50 L30 50Z" fill="${hull}" stroke="#3b4b5a" stroke-width="3"/><rect x="80" y="-38" width="90" height="38" rx="6" fill="#dfe9ef" stroke="#3b4b5a" stroke-width="3"/><rect x="92" y="-30" width="30" height="18" fill="#5aa9c9"/><rect x="128" y="-30" width="30" height="18" fill="#5aa9c9"/><path d="M0 18 L250 18" stroke="#0e7490" stroke-width="6"/></g>`;
}

function palm(x: number, base: number, h = 260): string {
  const top = base - h;
  const leaves = [-70, -30, 10, 40, 80, 140, 200]
    .map((a) => `<path d="M0 0 q40 -30 110 10 q-60 -10 -110 -10Z" fill="#2f7a45" transform="rotate(${a})"/>`)
    .join("");
  return `<path d="M${x} ${base} q20 ${-h / 2} ${-10} ${-h}" stroke="#8b6a43" stroke-width="16" fill="none"/><g transform="translate(${x - 10} ${top})">${leaves}<circle r="10" fill="#6b4a2a"/></g>`;
}

function seawall(): string {
  let panels = "";
  for (let x = 0; x < 1200; x += 100) panels += `<rect x="${x}" y="590" width="98" height="150" fill="url(#concrete)" stroke="#8f897f" stroke-width="2"/>`;
  return `<rect x="0" y="520" width="1200" height="80" fill="#6fae4f"/><rect x="0" y="500" width="1200" height="26" fill="#8bc26a"/>${panels}<rect x="0" y="572" width="1200" height="26" rx="4" fill="#d9d4cb" stroke="#8f897f" stroke-width="2"/><rect y="740" width="1200" height="60" fill="url(#water)"/>${palm(980, 540, 240)}<path d="M0 745 q60 -10 120 0 t120 0 t120 0 t120 0 t120 0 t120 0 t120 0 t120 0 t120 0 t120 0" stroke="#fff" stroke-opacity=".6" stroke-width="4" fill="none"/>`;
}

function barge(x: number, y: number, w = 420): string {
  return `<path d="M${x} ${y} L${x + w} ${y} L${x + w - 30} ${y + 60} L${x + 30} ${y + 60}Z" fill="#4b5563" stroke="#1f2937" stroke-width="3"/><rect x="${x}" y="${y - 8}" width="${w}" height="10" fill="#f59e0b"/>`;
}

function crane(x: number, y: number, reachX: number, reachY: number, hook: string): string {
  return `<rect x="${x}" y="${y - 70}" width="110" height="70" rx="6" fill="#f59e0b" stroke="#92400e" stroke-width="3"/><rect x="${x + 66}" y="${y - 60}" width="34" height="30" fill="#bfe3f0"/><path d="M${x + 30} ${y - 60} L${reachX} ${reachY}" stroke="#f59e0b" stroke-width="16" stroke-linecap="round"/><path d="M${reachX} ${reachY} L${reachX} ${reachY + 90}" stroke="#1f2937" stroke-width="3"/>${hook}`;
}

export const scenes: Record<string, () => string> = {
  "custom-docks": () => frame("morning", dock({ newBoards: true }) + palm(1040, 520, 280) + boat(820, 500, 0.9)),
  "dock-repairs": () =>
    frame("day", dock({ repaired: true }) + `<g transform="translate(900 560)"><rect width="180" height="14" fill="#e4b98a"/><rect y="16" width="180" height="14" fill="#e4b98a"/><rect y="32" width="180" height="14" fill="#e4b98a"/></g>` + palm(1100, 540, 230)),
  boatlifts: () =>
    frame(
      "day",
      [420, 780].map((x) => piling(x, 380, 700, 26)).join("") +
        boat(470, 480, 1.1) +
        `<rect x="400" y="545" width="400" height="14" fill="#9ca3af" stroke="#4b5563" stroke-width="2"/><path d="M420 390 L420 545 M780 390 L780 545" stroke="#d1d5db" stroke-width="4"/><rect x="395" y="372" width="410" height="16" rx="4" fill="#9ca3af"/><circle cx="420" cy="380" r="14" fill="#374151"/><circle cx="780" cy="380" r="14" fill="#374151"/>` +
        [470, 730].map((x) => piling(x, 420, 720, 26)).join("") +
        palm(1060, 520, 260),
    ),
  seawalls: () => frame("morning", seawall(), 420),
  dredging: () => frame("day", barge(260, 560, 520) + crane(340, 560, 760, 420, `<path d="M730 510 h60 l-10 40 h-40Z" fill="#374151"/>`) + `<path d="M780 600 q140 -20 420 10" stroke="#111827" stroke-width="14" fill="none"/>` + palm(120, 520, 220)),
  "tiki-huts": () =>
    frame(
      "sunset",
      `<rect x="0" y="560" width="1200" height="60" fill="#d9c49a"/><g transform="translate(360 300)"><path d="M-80 170 L240 -10 L560 170Z" fill="#c9a45c" stroke="#8a6b2e" stroke-width="4"/>${Array.from({ length: 14 }, (_, i) => `<path d="M${-60 + i * 44} 168 l8 28" stroke="#8a6b2e" stroke-width="5"/>`).join("")}<rect x="-20" y="170" width="22" height="110" fill="#7a5230"/><rect x="460" y="170" width="22" height="110" fill="#7a5230"/><rect x="60" y="230" width="340" height="16" fill="#8a5a30"/></g>` +
        palm(140, 580, 300) +
        palm(1070, 580, 260),
      520,
    ),
  canopies: () =>
    frame(
      "day",
      [420, 780].map((x) => piling(x, 330, 700, 26)).join("") +
        `<path d="M380 330 L820 330 L790 270 L410 270Z" fill="#0e7490" stroke="#0a4d61" stroke-width="4"/><path d="M380 330 h440" stroke="#f7f1e6" stroke-width="8" stroke-dasharray="40 20"/>` +
        boat(470, 500, 1.1) +
        `<rect x="400" y="565" width="400" height="14" fill="#9ca3af"/>` +
        palm(1060, 520, 260),
    ),
  "pile-wrapping": () =>
    frame(
      "day",
      [260, 600, 940]
        .map(
          (x) =>
            `<rect x="${x - 45}" y="260" width="90" height="540" rx="8" fill="#8a5a30"/><rect x="${x - 50}" y="430" width="100" height="370" rx="10" fill="#f3f4f6" stroke="#9ca3af" stroke-width="3"/>${[470, 560, 650, 740].map((y) => `<rect x="${x - 52}" y="${y}" width="104" height="10" fill="#0e7490"/>`).join("")}<ellipse cx="${x}" cy="260" rx="45" ry="10" fill="#c48a54"/>`,
        )
        .join(""),
      520,
    ),
  "soil-sampling": () =>
    frame(
      "morning",
      barge(300, 560, 560) +
        `<path d="M560 560 L600 300 L640 560" stroke="#f59e0b" stroke-width="12" fill="none"/><path d="M575 450 h50 M585 380 h30" stroke="#f59e0b" stroke-width="8"/><path d="M600 300 L600 760" stroke="#374151" stroke-width="6"/><rect x="680" y="500" width="120" height="60" rx="6" fill="#e5e7eb" stroke="#4b5563" stroke-width="3"/><g transform="translate(980 520)"><path d="M0 0 L-40 120 M0 0 L40 120 M0 0 L0 120" stroke="#4b5563" stroke-width="6"/><rect x="-26" y="-30" width="52" height="30" rx="4" fill="#f59e0b"/></g>`,
    ),
  "demo-remove-pilings": () =>
    frame(
      "day",
      barge(160, 580, 460) +
        crane(230, 580, 720, 380, `<rect x="708" y="440" width="26" height="230" rx="4" fill="#6b4a2a" transform="rotate(8 720 470)"/>`) +
        [860, 960, 1060].map((x, i) => `<rect x="${x - 14}" y="${600 + i * 20}" width="28" height="${140 - i * 20}" rx="3" fill="#5c4026" transform="rotate(${i * 6 - 4} ${x} 700)"/>`).join(""),
    ),
  "electrical-plumbing": () =>
    frame(
      "dusk",
      dock({ newBoards: true }) +
        `<g transform="translate(560 410)"><rect width="60" height="150" rx="8" fill="#e5e7eb" stroke="#374151" stroke-width="3"/><rect x="12" y="20" width="36" height="30" rx="4" fill="#1f2937"/><circle cx="30" cy="80" r="10" fill="#0e7490"/><circle cx="30" cy="110" r="10" fill="#0e7490"/><circle cx="30" cy="-20" r="26" fill="#fff3b0" opacity=".8"/></g><g transform="translate(250 450)"><rect x="-6" width="12" height="110" fill="#6b7280"/><path d="M-6 20 h-30 v20" stroke="#2563eb" stroke-width="10" fill="none"/><circle cy="-14" r="18" fill="#fff3b0" opacity=".8"/></g><path d="M120 800 Q300 640 560 560" stroke="#111827" stroke-width="6" fill="none"/>` +
        palm(1060, 520, 260),
    ),
};

export { frame };
