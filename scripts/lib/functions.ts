/**
 * Runs the functions of functions/ in this process for the local production server: each file's
 * `config.path` (a string or a list, with `:param` segments) routes to its default export, called
 * with a web Request and a Netlify-like context (params, ip, requestId, waitUntil). Netlify's own
 * local runtime bundles every function on its first call (minutes for the whole set on a busy
 * two-core machine), which is what made the browser suite's start-up time out.
 */
import { readdirSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

type Handler = (req: Request, ctx: unknown) => Promise<Response>;
export type Params = Record<string, string | undefined>;
interface Route {
  regex: RegExp;
  keys: string[];
  handler: Handler;
}

/** A Netlify `config.path` (`:param`, `:param?`, `*` segments) as a regular expression. */
export function compile(path: string): { regex: RegExp; keys: string[] } {
  const keys: string[] = [];
  const body = path
    .split("/")
    .map((seg) => {
      const m = /^:([A-Za-z_][A-Za-z0-9_]*)(\?)?$/.exec(seg);
      if (m) {
        keys.push(m[1]);
        return m[2] ? "(?:/([^/]+))?" : "/([^/]+)";
      }
      if (seg === "*") return "(?:/.*)?";
      return seg ? "/" + seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") : "";
    })
    .join("");
  return { regex: new RegExp(`^${body}/?$`), keys };
}

export async function loadFunctions(dir = "functions"): Promise<Route[]> {
  const routes: Route[] = [];
  for (const file of readdirSync(dir).filter((f) => /\.(m?[jt]s)$/.test(f)).sort()) {
    const mod = await import(pathToFileURL(resolve(dir, file)).href);
    const paths = mod.config?.path;
    if (!paths || typeof mod.default !== "function") continue;
    for (const path of Array.isArray(paths) ? paths : [paths]) routes.push({ ...compile(path), handler: mod.default });
  }
  return routes;
}

/** A path parameter that is not a valid percent-encoding of UTF-8 (`/api/public/products/%ED%A0%80`). */
export class PathParamError extends Error {
  readonly param: string;
  constructor(param: string) {
    super(`Invalid ${param}: the path parameter is not valid percent-encoded UTF-8`);
    this.param = param;
  }
}

/** A matched route's parameters, decoded; PathParamError (answered 400) for a malformed escape. */
export function decodeParams(keys: string[], match: RegExpExecArray): Params {
  return Object.fromEntries(
    keys.map((k, i) => {
      const raw = match[i + 1];
      if (raw === undefined) return [k, undefined];
      try {
        return [k, decodeURIComponent(raw)];
      } catch {
        throw new PathParamError(k);
      }
    }),
  );
}

/** The API's error shape for a path parameter that cannot be decoded, as Netlify would refuse it. */
export function pathParamAnswer(e: PathParamError): Response {
  return Response.json({ status: false, message: e.message, field: e.param }, { status: 400 });
}

/**
 * A request body as a web stream, for a Node request. Node's own `Readable.toWeb` keeps pushing the
 * chunks already in flight after the reader cancels (a body over the size limit): "Controller is
 * already closed" is then thrown outside any handler and kills the server. Here nothing touches the
 * controller once the stream is cancelled, closed or failed; the rest of the body is read and dropped,
 * so the answer (413) still reaches the client; backpressure pauses the socket.
 */
export function nodeBodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let finished = false;
  let onData: (chunk: Buffer) => void = () => {};
  let onEnd: () => void = () => {};
  let onError: (e: Error) => void = () => {};
  const detach = () => {
    finished = true;
    req.off("data", onData).off("end", onEnd).off("error", onError);
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      onData = (chunk) => {
        if (finished) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 1) <= 0) req.pause();
      };
      onEnd = () => {
        if (finished) return;
        detach();
        controller.close();
      };
      onError = (e) => {
        if (finished) return;
        detach();
        controller.error(e);
      };
      req.on("data", onData).on("end", onEnd).on("error", onError);
      // An error after the stream is done must not be an unhandled 'error' event either.
      req.on("error", () => {});
    },
    pull() {
      if (!finished) req.resume();
    },
    cancel() {
      detach();
      // Drop what is still coming, so the socket stays readable and the answer can be written.
      req.resume();
    },
  }, { highWaterMark: 4 });
}

/** A web Request for a Node request, its body streamed (nodeBodyStream), not buffered. */
export function toWebRequest(req: IncomingMessage, fallbackHost = "localhost"): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (k.startsWith(":")) continue;
    if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
    else if (v !== undefined) headers.set(k, v);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(`http://${req.headers.host ?? fallbackHost}${req.url}`, {
    method: req.method,
    headers,
    body: hasBody ? nodeBodyStream(req) : undefined,
    duplex: "half",
  } as RequestInit);
}

/** The matching function's Response, or undefined when no function owns the path. */
export async function callFunction(routes: Route[], req: Request, ip: string): Promise<Response | undefined> {
  const { pathname } = new URL(req.url);
  for (const r of routes) {
    const m = r.regex.exec(pathname);
    if (!m) continue;
    let params: Params;
    try {
      params = decodeParams(r.keys, m);
    } catch (e) {
      if (e instanceof PathParamError) return pathParamAnswer(e);
      throw e;
    }
    const pending: Promise<unknown>[] = [];
    const ctx = { params, ip, requestId: crypto.randomUUID(), waitUntil: (p: Promise<unknown>) => pending.push(p), geo: {}, site: {}, deploy: {} };
    const res = await r.handler(req, ctx);
    await Promise.allSettled(pending);
    return res;
  }
  return undefined;
}
