// robots.txt with the sitemap on this deployment's own address (SITE_URL / Netlify's URL).
import type { APIRoute } from "astro";

export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL("/sitemap-index.xml", site).href;
  const body = ["User-agent: *", "Allow: /", "Disallow: /api/", "Disallow: /admin", "Disallow: /editor", "", `Sitemap: ${sitemap}`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
};
