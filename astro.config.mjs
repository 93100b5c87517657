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
  integrations: [
    react(),
    sitemap({
      // Signed-in and staff screens are not for search engines.
      filter: (page) => !/\/(home|editor|admin|login|signup|resetpswd|newpswd|404)\/?$/.test(new URL(page).pathname),
    }),
  ],
  security: { csp: { algorithm: "SHA-256" } },
  vite: {
    // The Netlify plugin serves functions/ beside the pages in `astro dev` only.
    plugins: [tailwindcss(), ...(isDev ? [netlify({ middleware: true })] : [])],
  },
});
