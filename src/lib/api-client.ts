/**
 * The browser's one way to call /api: JSON in and out, the bearer token once signed in, 401 →
 * the registered logout, 429 → the `exceeded` flag. Answers are the API's `{status, data, message}`.
 */
import { local } from "./safe-storage.ts";

export interface ApiAnswer<T = unknown> {
  status: boolean;
  data?: T;
  message?: string;
  field?: string;
  /** Why a field was refused, as a code the screen can say in its own language. */
  reason?: string;
}

export class ApiError extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
    readonly field?: string,
    readonly reason?: string,
  ) {
    super(message);
  }
}

type Hooks = { onUnauthorized?: () => void; onRateLimited?: (retryAfterSeconds: number) => void };
const hooks: Hooks = {};

/** The auth store registers what a 401 or a 429 should do (kept here to avoid an import cycle). */
export function setApiHooks(h: Hooks): void {
  Object.assign(hooks, h);
}

export const TOKEN_KEY = "token";

export function getToken(): string | null {
  return local.get(TOKEN_KEY);
}

export async function api<T = unknown>(
  path: string,
  opts: { method?: string; body?: unknown; signal?: AbortSignal; auth?: boolean } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (opts.body !== undefined) headers["Content-Type"] = "application/json";
  const token = opts.auth === false ? null : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`/api/${path.replace(/^\/+/, "")}`, {
    method: opts.method ?? (opts.body === undefined ? "GET" : "POST"),
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: opts.signal,
  });
  let answer: ApiAnswer<T>;
  try {
    answer = (await res.json()) as ApiAnswer<T>;
  } catch {
    answer = { status: false, message: res.ok ? "Unexpected answer from the server" : `Request failed (${res.status})` };
  }
  if (res.status === 401 && token) hooks.onUnauthorized?.();
  if (res.status === 429) hooks.onRateLimited?.(Number(res.headers.get("Retry-After") || 60));
  if (!res.ok) throw new ApiError(res.status, answer.message || `Request failed (${res.status})`, answer.field, answer.reason);
  return answer;
}
