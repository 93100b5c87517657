import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { HttpError } from "../src/server/http/errors.ts";
import { loadServices } from "../src/server/content/services.ts";
import { getDb } from "../src/server/db/index.ts";

export const config: Config = { path: "/api/services" };

/** The service catalogue as published (the site's content in the database); the CDN may keep it for five minutes. */
export default handle(
  config.path,
  async (_req, { log }) => {
    const services = await loadServices(await getDb());
    if (!services) {
      log.error("The published service list is missing or does not match the service schema");
      throw new HttpError(503, "The service list is unavailable right now");
    }
    return json(
      { status: true, data: services },
      { headers: { "Cache-Control": "public, max-age=0, must-revalidate", "Netlify-CDN-Cache-Control": "public, s-maxage=300, stale-while-revalidate=3600" } },
    );
  },
  ["GET"],
);
