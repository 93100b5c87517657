/**
 * JSON responses with the headers every function answer carries. Functions do not get the
 * headers of netlify.toml, so the security headers are set here.
 */
export const SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains; preload",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  "Cross-Origin-Resource-Policy": "same-origin",
};

export function withSecurityHeaders(headers: HeadersInit = {}): Headers {
  const h = new Headers(headers);
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) if (!h.has(k)) h.set(k, v);
  if (!h.has("Cache-Control")) h.set("Cache-Control", "no-store");
  return h;
}

export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = withSecurityHeaders(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(body), { ...init, headers });
}

/** The error shape of the API: `{status:false, message, field?}`. */
export function jsonError(status: number, message: string, extra: { field?: string; reason?: string; retryAfter?: number } = {}): Response {
  const headers: Record<string, string> = {};
  if (extra.retryAfter !== undefined) headers["Retry-After"] = String(Math.max(1, Math.ceil(extra.retryAfter)));
  const body: Record<string, unknown> = { status: false, message };
  if (extra.field) body.field = extra.field;
  if (extra.reason) body.reason = extra.reason;
  return json(body, { status, headers });
}
