/**
 * After the pages are built (`npm run build:deploy`): on a preview or branch deploy, adds
 * `X-Robots-Tag: noindex` for every path to the publish folder's `_headers` file, so no page of
 * a preview ends up in a search engine. netlify.toml's headers cannot depend on the deploy
 * context; the `_headers` file is written per build. Production builds are left unchanged.
 * (Function answers get the same header from src/server/http/handler.ts.)
 */
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { deploySettings, type DeploySettings } from "../src/server/settings/context.ts";

export const NOINDEX_RULE = "/*\n  X-Robots-Tag: noindex\n";

/** Writes the rule when the settings ask for it; answers whether it did. */
export function writePreviewHeaders(dir = "dist", settings: DeploySettings = deploySettings()): boolean {
  if (!settings.noindex) return false;
  const file = join(dir, "_headers");
  const before = existsSync(file) ? readFileSync(file, "utf8") : "";
  if (before.includes("X-Robots-Tag: noindex")) return true;
  appendFileSync(file, `${before && !before.endsWith("\n") ? "\n" : ""}# ${settings.context} build: keep this deploy out of search engines.\n${NOINDEX_RULE}`);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const settings = deploySettings();
  const dir = process.argv[2] ?? "dist";
  console.log(
    writePreviewHeaders(dir, settings)
      ? `▸ ${settings.context}: ${dir}/_headers sends X-Robots-Tag: noindex on every page`
      : `▸ ${settings.context}: pages are indexable (no noindex header)`,
  );
}
