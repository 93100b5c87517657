/**
 * Before the browser tests: makes sure a Chromium exists. Playwright's own download is not
 * possible on every machine, so without it we use Debian's `chromium`, installing it with apt
 * when we are root and it is missing.
 */
import { existsSync } from "node:fs";
import { execSync } from "node:child_process";
import { chromium } from "playwright-core";

const debian = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
let own = "";
try {
  own = chromium.executablePath();
} catch {}

if (own && existsSync(own)) {
  console.log(`▸ Browser: Playwright's Chromium (${own})`);
} else if (existsSync(debian)) {
  console.log(`▸ Browser: ${debian}`);
} else if (process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
  console.log("▸ Installing Debian's chromium for the browser tests…");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-noto-core", {
    stdio: "inherit",
  });
} else {
  console.error("No Chromium found. Install one: `sudo apt-get install chromium` (or `npx playwright install chromium`).");
  process.exit(1);
}
