// @ts-check
import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import sitemap from "@astrojs/sitemap";
import tailwindcss from "@tailwindcss/vite";
import netlify from "@netlify/vite-plugin";

const site = process.env.SITE_URL || process.env.URL || "https://www.coastalmarinecapecoral.com";
const isDev = process.argv.includes("dev");

export default defineConfig({
  site,
  output: "static",
  trailingSlash: "ignore",
  // One small stylesheet per page: inlined (and hashed into the CSP) to save a render-blocking request.
  build: { inlineStylesheets: "always" },
  integrations: [
    react(),
    // `client:intent`: hydrate an island when the visitor first reaches for it (see the file).
    { name: "client-intent", hooks: { "astro:config:setup": ({ addClientDirective }) => addClientDirective({ name: "intent", entrypoint: "./src/islands/shared/intent-directive.ts" }) } },
    sitemap({
      // Signed-in and staff screens are not for search engines; /landing is the same page as /.
      // Same form as the canonical links (no trailing slash).
      serialize: (item) => ({ ...item, url: item.url.replace(/(?<=.)\/$/, "").replace(/^(https?:\/\/[^/]+)$/, "$1/") }),
      filter: (page) => !/\/(home|editor|admin|login|signup|resetpswd|newpswd|404|landing|products\/detail)\/?$/.test(new URL(page).pathname),
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
    // The Netlify plugin serves functions/ beside the pages in `astro dev` only.
    plugins: [tailwindcss(), ...(isDev ? [netlify({ middleware: true })] : [])],
  },
});
