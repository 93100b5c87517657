/**
 * What a preview build puts on its pages, against a production build: the 'Preview' ribbon and
 * the noindex `_headers` rule on previews and branch deploys only, and canonical links on
 * SITE_URL in every context. The pages are rendered by Astro from the real page files and layout
 * (through Astro's container, as the build renders them) instead of running two full builds.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ViteDevServer } from "vite";
import { experimental_AstroContainer } from "astro/container";
import { deploySettings } from "../../src/server/settings/context.ts";
import { writePreviewHeaders } from "../../scripts/preview-headers.ts";

const SITE_URL = "https://www.coastal-marine.example";
const PREVIEW_HOST = "https://deploy-preview-42--coastal-marine.netlify.app";

let server: ViteDevServer;
let container: experimental_AstroContainer;
const saved = { CONTEXT: process.env.CONTEXT, SITE_URL: process.env.SITE_URL };

beforeAll(async () => {
  process.env.SITE_URL = SITE_URL;
  // The content collections (site.json, services…) as the build sees them.
  const { sync } = await import("astro");
  await sync({ root: process.cwd(), logLevel: "silent" });
  const store = "node_modules/.astro/data-store.json";
  if (existsSync(store)) {
    mkdirSync(".astro", { recursive: true });
    copyFileSync(store, ".astro/data-store.json");
  }
  const { getViteConfig } = await import("astro/config");
  const { createServer } = await import("vite");
  const config = await getViteConfig({ appType: "custom", logLevel: "silent", server: { middlewareMode: true, hmr: false, ws: false } }, { logLevel: "silent" })({
    mode: "production",
    command: "build",
  });
  server = await createServer({ ...config, configFile: false });
  const { default: astroConfig } = await import("../../astro.config.mjs");
  // React islands render on the server too (the admin page's dashboard); the renderer needs Vite's virtual modules.
  const { getContainerRenderer } = await import("@astrojs/react/container-renderer");
  const react = await server.ssrLoadModule("@astrojs/react/server.js");
  container = await experimental_AstroContainer.create({
    astroConfig: { site: astroConfig.site },
    renderers: [{ ...getContainerRenderer(), ssr: react.default }],
  });
}, 120_000);

afterAll(async () => {
  await server?.close();
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

async function render(page: string, path: string, context: string): Promise<string> {
  process.env.CONTEXT = context;
  const mod = await server.ssrLoadModule(`/src/pages/${page}.astro`);
  return container.renderToString(mod.default, { request: new Request(new URL(path, PREVIEW_HOST)) });
}

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

describe("pages of a preview build and of a production build", () => {
  for (const [page, path] of [
    ["about", "/about"],
    ["admin", "/admin"],
  ] as const) {
    it(`${path}: the ribbon on deploy-preview and branch-deploy only; canonical on SITE_URL everywhere`, async () => {
      const preview = await render(page, path, "deploy-preview");
      const branch = await render(page, path, "branch-deploy");
      const production = await render(page, path, "production");
      const local = await render(page, path, "dev");

      expect(preview).toContain('data-preview-ribbon="deploy-preview"');
      expect(preview).toMatch(/<aside[^>]*aria-label="Deploy preview"[^>]*>\s*Preview/);
      expect(branch).toContain('data-preview-ribbon="branch-deploy"');
      expect(production).not.toContain("data-preview-ribbon");
      expect(local).not.toContain("data-preview-ribbon");

      for (const html of [preview, branch, production]) {
        expect(canonicalOf(html)).toBe(`${SITE_URL}${path}`);
        expect(html).not.toContain("deploy-preview-42--");
      }
    });
  }
});

describe("the _headers file of a build (scripts/preview-headers.ts)", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const dist = () => {
    const d = mkdtempSync(join(tmpdir(), "dist-"));
    dirs.push(d);
    return d;
  };

  it.each(["deploy-preview", "branch-deploy"])("%s: every path gets X-Robots-Tag: noindex (once, after any rules already there)", (context) => {
    const d = dist();
    writeFileSync(join(d, "_headers"), "/video/*\n  Cache-Control: public");
    const settings = deploySettings({ CONTEXT: context }, undefined);
    expect(writePreviewHeaders(d, settings)).toBe(true);
    expect(writePreviewHeaders(d, settings)).toBe(true);
    const text = readFileSync(join(d, "_headers"), "utf8");
    expect(text.startsWith("/video/*\n  Cache-Control: public\n")).toBe(true);
    expect(text).toMatch(/^\/\*\n {2}X-Robots-Tag: noindex$/m);
    expect(text.match(/X-Robots-Tag/g)).toHaveLength(1);
  });

  it.each(["production", "dev"])("%s: no _headers rule", (context) => {
    const d = dist();
    expect(writePreviewHeaders(d, deploySettings({ CONTEXT: context }, undefined))).toBe(false);
    expect(existsSync(join(d, "_headers"))).toBe(false);
  });
});
