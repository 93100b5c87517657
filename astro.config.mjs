// @ts-check
import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import sitemap from "@astrojs/sitemap";
import tailwindcss from "@tailwindcss/vite";

const site = process.env.SITE_URL || process.env.URL || "https://www.coastalmarinecapecoral.com";
const isDev = process.argv.includes("dev");

// `astro dev` (issue 11): functions/ and public/_redirects are served in the dev server's own
// process (scripts/lib/dev-functions.ts) instead of through Netlify's local runtime, which bundled
// each function on its first call (and could serve it half-written), set up an edge-functions
// environment the project does not have, and made the first start take minutes. Every package the
// islands import is pre-bundled at start, so Vite never re-bundles under new hashes while pages
// are open ("504 Outdated Optimize Dep", React loaded twice). The dev server keeps its own Vite
// cache (DEV_VITE_CACHE_DIR), so a build or a test run beside it cannot replace its bundles.
const dev = isDev
  ? {
      plugins: [(await import("./scripts/lib/dev-functions.ts")).devFunctions()],
      // The catalogue and the site's content are read from the database at start; a change shows on
      // the next page load.
      integrations: [
        (await import("./scripts/lib/dev-content.ts")).devContentRefresh([
          { name: "db-products", version: (await import("./src/server/products/published.ts")).catalogueVersion },
          { name: "db-price-rules", version: async (q) => String(await (await import("./src/server/estimate/rules.ts")).priceRulesDocument.liveVersion(q)) },
          ...(await import("./scripts/lib/dev-content.ts")).siteContentLoaders(),
        ]),
      ],
      include: (await import("./scripts/lib/client-deps.ts")).clientDependencies(),
      cacheDir: process.env.DEV_VITE_CACHE_DIR || "node_modules/.vite/dev",
    }
  : null;

export default defineConfig({
  site,
  // Astro's dev toolbar imports packages of its own that Vite met only after the first page had
  // loaded: a second dependency bundle and a full reload of that page (seen in test:dev). The site's
  // own checks (axe in the browser tests, Lighthouse in bench:pages) do the toolbar's audits.
  devToolbar: { enabled: false },
  output: "static",
  // AVIF at sharp's effort 3 instead of 4: each picture encodes about 3.6x faster (5.4 s -> 1.5 s for
  // a 960 px service photo here) for files about 3 % larger; the build (and so every deploy and
  // `npm test` on a fresh clone) spent most of its time there.
  image: { service: { entrypoint: "astro/assets/services/sharp", config: { avif: { effort: 3 } } } },
  trailingSlash: "ignore",
  // English at /, Spanish at /es/ (decision 20, issue 37): every public page has its Spanish version
  // under src/pages/es/, built like the English one. English URLs stay as they were.
  i18n: { locales: ["en", "es"], defaultLocale: "en", routing: { prefixDefaultLocale: false } },
  // The stylesheet is a file of its own, cached for a year (immutable) and shared by every public
  // page: public.css for the public pages, staff.css for the back office (src/styles). Inlined, it
  // was 88-104 KB of every page's HTML, re-sent and re-parsed on each page a visitor opens.
  // Measured (issue 38, Lighthouse mobile, 6x CPU, medians of 5, one host): HTML 148-231 KB → 54-149
  // KB; TBT within the noise either way on a fast host; the landing page's LCP 1,377 → 1,584 ms on a
  // cold first visit (one render-blocking request on simulated slow 4G), the others unchanged within
  // ±200 ms. The next page a visitor opens has it cached. A tiny stylesheet (under Vite's 4 KB) is
  // still inlined.
  build: { inlineStylesheets: "auto" },
  integrations: [
    ...(dev ? dev.integrations : []),
    react(),
    // `client:intent`: hydrate an island when the visitor first reaches for it (see the file).
    { name: "client-intent", hooks: { "astro:config:setup": ({ addClientDirective }) => addClientDirective({ name: "intent", entrypoint: "./src/islands/shared/intent-directive.ts" }) } },
    sitemap({
      // Each page lists its English and Spanish versions (hreflang alternates), and English as x-default.
      i18n: { defaultLocale: "en", locales: { en: "en", es: "es" } },
      // Signed-in and staff screens are not for search engines; /landing is the same page as /.
      // Same form as the canonical links (no trailing slash).
      serialize: (item) => {
        const canonical = (/** @type {string} */ url) => url.replace(/(?<=.)\/$/, "").replace(/^(https?:\/\/[^/]+)$/, "$1/");
        const links = item.links?.map((l) => ({ ...l, url: canonical(l.url) }));
        const english = links?.find((l) => l.lang === "en");
        return { ...item, url: canonical(item.url), ...(links && { links: english ? [...links, { url: english.url, lang: "x-default" }] : links }) };
      },
      filter: (page) => !/\/(home|editor|admin|login|signup|resetpswd|newpswd|404|landing|products\/detail|book\/change)\/?$/.test(new URL(page).pathname),
    }),
  ],
  security: {
    csp: {
      algorithm: "SHA-256",
      // script-src and style-src (with hashes) are written by Astro; netlify.toml adds the
      // directives a <meta> cannot carry (frame-ancestors).
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob:",
        "media-src 'self'",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "worker-src 'self' blob:",
      ],
    },
  },
  vite: {
    plugins: [tailwindcss(), ...(dev ? dev.plugins : [])],
    // A page's own scripts (the header's, the reviews strip's, the hero's) are files, not inlined
    // under 4 KB as Vite would: each is a deferred module, shared and cached by every page, where
    // inlined they were 5 KB of each page's HTML (issue 38). Other small assets keep Vite's rule.
    build: { assetsInlineLimit: (/** @type {string} */ file) => (file.endsWith(".js") ? false : undefined) },
    ...(dev ? { cacheDir: dev.cacheDir, optimizeDeps: { include: dev.include } } : {}),
  },
});
