// The price rules' version /estimate was built from (issue 36): after "Publish" the back office's
// price rules section polls this file until it names the new version, then says "Live". Prebuilt
// with the pages; netlify.toml serves it uncached. `npm run dev` renders it per request.
import type { APIRoute } from "astro";
import { getEntry } from "astro:content";

export const prerender = true;

export const GET: APIRoute = async () => {
  const entry = await getEntry("priceRules", "rules");
  if (!entry) throw new Error("estimate-version.json: the build read no published price rules");
  const { version, publishedAt } = entry.data;
  return new Response(JSON.stringify({ version, publishedAt }), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-cache" },
  });
};
