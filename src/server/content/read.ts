import { readFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * Reads a JSON file from the top-level `content/` folder (CONTENT_DIR overrides it, for tests).
 * Functions read it at run time, so netlify.toml ships `content/*.json` with them
 * (`included_files`). Returns null when the file is missing or is not JSON.
 */
export async function readContentJson(name: string, dir = process.env.CONTENT_DIR || join(process.cwd(), "content")): Promise<unknown | null> {
  try {
    return JSON.parse(await readFile(join(dir, name), "utf8"));
  } catch {
    return null;
  }
}
