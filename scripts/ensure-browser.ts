/**
 * Before the browser tests: makes sure a Chromium and the fonts the pages are checked with exist.
 * Playwright's own download is not possible on every machine, so without it we use Debian's
 * `chromium`. The fonts are checked apart from the browser (a machine can have Chromium without
 * them): Noto for the Hebrew back office and its Latin text, DejaVu Sans as the wide fallback the
 * layout tests render with. Missing pieces are installed with apt when we are root.
 */
import { existsSync } from "node:fs";
import { execFileSync, execSync } from "node:child_process";
import { chromium } from "playwright-core";

const debian = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
let own = "";
try {
  own = chromium.executablePath();
} catch {}

/** Debian packages and a font family each must provide (checked with fontconfig). */
const FONTS: { pkg: string; family: string }[] = [
  { pkg: "fonts-noto-core", family: "Noto Sans Hebrew" },
  { pkg: "fonts-dejavu-core", family: "DejaVu Sans" },
];

function hasFont(family: string): boolean {
  try {
    return execFileSync("fc-list", [`${family}:`, "family"], { encoding: "utf8" }).includes(family);
  } catch {
    return false;
  }
}

const missing: string[] = [];
if (own && existsSync(own)) console.log(`▸ Browser: Playwright's Chromium (${own})`);
else if (existsSync(debian)) console.log(`▸ Browser: ${debian}`);
else missing.push("chromium");
// Without fontconfig (no Chromium yet) every font counts as missing; apt skips what is there.
missing.push(...FONTS.filter((f) => !hasFont(f.family)).map((f) => f.pkg));

if (missing.length) {
  if (process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    console.log(`▸ Installing Debian's ${missing.join(", ")} for the browser tests…`);
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${missing.join(" ")}`, {
      stdio: "inherit",
    });
  } else if (missing.includes("chromium")) {
    console.error(`Missing for the browser tests: ${missing.join(", ")}. Install them: \`sudo apt-get install ${missing.join(" ")}\`.`);
    process.exit(1);
  } else {
    console.warn(`▸ Fonts missing: ${missing.join(", ")} (\`sudo apt-get install ${missing.join(" ")}\`); the pages fall back to other fonts`);
  }
}
for (const f of FONTS) if (!hasFont(f.family)) console.warn(`▸ Font ${f.family} still missing: the layout tests may fail`);
console.log(`▸ Fonts: ${FONTS.map((f) => f.family).join(", ")}`);
