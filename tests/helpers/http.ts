type Fn = (req: Request, ctx?: any) => Promise<Response>;

/**
 * Calls a function handler the way Netlify would, with a real Request. `body` is sent as JSON
 * unless it is a string (sent as is, for malformed-input tests).
 */
export async function call(
  fn: Fn,
  method: string,
  path: string,
  opts: { body?: unknown; token?: string; headers?: Record<string, string>; ip?: string; params?: Record<string, string> } = {},
) {
  const headers = new Headers(opts.headers);
  if (opts.body !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
  if (opts.token) headers.set("authorization", `Bearer ${opts.token}`);
  const req = new Request(new URL(path, "http://localhost:8888"), {
    method,
    headers,
    body: opts.body === undefined ? undefined : typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body),
  });
  const ctx = { ip: opts.ip ?? "203.0.113.9", requestId: crypto.randomUUID(), params: opts.params ?? {} };
  const res = await fn(req, ctx);
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}
