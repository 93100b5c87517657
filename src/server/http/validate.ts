import type { z } from "zod";
import { HttpError, badRequest } from "./errors.ts";
import { badTextPath } from "../../lib/text.ts";

export const DEFAULT_BODY_LIMIT = 16 * 1024;

/**
 * Reads a JSON body no larger than `maxBytes` and validates it with `schema`. Answers 413 over the
 * limit and 400 (naming the first bad field) for malformed JSON or a body that does not fit.
 */
export async function readJson<S extends z.ZodType>(
  req: Request,
  schema: S,
  maxBytes = DEFAULT_BODY_LIMIT,
  { types = JSON_TYPES }: { types?: readonly string[] } = {},
): Promise<z.infer<S>> {
  requireJsonType(req, types);
  const text = await readLimited(req, maxBytes);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw badRequest("Body must be valid JSON");
  }
  return check(schema, data);
}

/**
 * A JSON body must say so: `Content-Type: application/json` (415 otherwise). Another site's page
 * can make a browser post a form (`text/plain`, urlencoded, multipart) here without asking; a JSON
 * type needs a CORS preflight, which this API never grants.
 */
export function requireJsonType(req: Request, types: readonly string[] = JSON_TYPES): void {
  const type = (req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!types.includes(type)) throw new HttpError(415, "Content-Type must be application/json", { field: "content-type" });
}
const JSON_TYPES = ["application/json"];

/** Validates URL query parameters (all strings) with `schema`. */
export function readQuery<S extends z.ZodType>(req: Request, schema: S): z.infer<S> {
  return check(schema, Object.fromEntries(new URL(req.url).searchParams));
}

/**
 * Validates `data` with `schema`; 400 naming the first bad field. Before the schema, any string (or
 * key) holding a control character other than tab and line breaks, or a lone surrogate (not valid
 * Unicode), is refused, whatever the schema says: Postgres stores neither NUL in text nor a lone
 * surrogate in jsonb (a 500 where one reached it), and none belongs in a request.
 */
export function check<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const bad = badTextPath(data);
  if (bad) {
    const field = bad.path.map(String).join(".") || undefined;
    throw badRequest(field ? `Invalid ${field}: ${bad.problem}` : `Invalid input: ${bad.problem}`, field);
  }
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  // A strict schema's unknown key is named as the field: "Invalid extra: unknown field".
  if (issue?.code === "unrecognized_keys") {
    const field = [...issue.path, issue.keys[0]].map(String).join(".");
    throw badRequest(`Invalid ${field}: unknown field`, field);
  }
  const field = issue?.path.map(String).join(".") || undefined;
  const message = field ? `Invalid ${field}: ${issue.message}` : `Invalid input: ${issue?.message ?? "bad body"}`;
  throw badRequest(message, field);
}

async function readLimited(req: Request, maxBytes: number): Promise<string> {
  return new TextDecoder().decode(await readBodyBytes(req, maxBytes));
}

/**
 * Reads a request body of at most `maxBytes` without ever holding more: 413 (`tooLarge`) as soon as
 * the declared length or the bytes read pass it.
 */
export async function readBodyBytes(req: Request, maxBytes: number, tooLarge = `Request body too large: at most ${maxBytes} bytes`): Promise<Uint8Array> {
  if (Number(req.headers.get("content-length") || 0) > maxBytes) throw new HttpError(413, tooLarge, { field: "body" });
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      // A chunked body (no Content-Length) is cut here; the server's stream adapter drops the rest.
      await reader.cancel().catch(() => {});
      throw new HttpError(413, tooLarge, { field: "body" });
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}
