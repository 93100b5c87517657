import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Queryable } from "../db/index.ts";

/**
 * Reads a JSON file from the top-level `content/` folder (CONTENT_DIR overrides it, for tests).
 * Returns null when the file is missing or is not JSON.
 */
export async function readContentJson(name: string, dir = process.env.CONTENT_DIR || join(process.cwd(), "content")): Promise<unknown | null> {
  try {
    return JSON.parse(await readFile(join(dir, name), "utf8"));
  } catch {
    return null;
  }
}

/**
 * A part of the site's published content as the functions use it at run time (the company's name,
 * e-mail and hours in a lead's mails and the reports, the service list): the live version staff
 * published in the back office (decision 13), so a mail never names an old phone number. A database
 * that holds no content yet (content/ seeds it at the first migration) falls back to content/'s file,
 * which is what that seed would hold; netlify.toml ships `content/*.json` with the functions for it.
 */
export async function readPublishedPart(part: "site" | "services", q?: Queryable): Promise<unknown | null> {
  if (q) {
    const r = await q.query<{ part: unknown }>("SELECT doc -> $1::text AS part FROM site_content_versions ORDER BY version DESC LIMIT 1", [part]);
    if (r.rows[0]?.part) return r.rows[0].part;
  }
  return readContentJson(`${part}.json`);
}
