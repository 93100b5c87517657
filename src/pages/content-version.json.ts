// The content version this build was made from (decision 13): after "Publish" the back office polls
// this file until it names the new version, then shows the site as live. Prebuilt with the pages, so
// it changes only when they do; netlify.toml serves it uncached. `npm run dev` renders it per request.
import type { APIRoute } from "astro";
import { getEntry } from "astro:content";

export const prerender = true;

export const GET: APIRoute = async () => {
  const published = await getEntry("published", "published");
  if (!published) throw new Error("content-version.json: the build read no published site content");
  const { version, publishedAt } = published.data;
  return new Response(JSON.stringify({ version, publishedAt }), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-cache" },
  });
};
