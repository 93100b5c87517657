/** Shared bits of the lead-capture tests: valid bodies and a context that collects background work. */
import { FAKE_CLIENT, type FakeZoho } from "./fake-zoho.ts";

export const filledAgo = (ms = 10_000) => Date.now() - ms;

export const quoteBody = (over: Record<string, unknown> = {}) => ({
  fullName: "Jane Doe",
  email: "jane.doe@example.com",
  phone: "(239) 555-0134",
  address: "123 Canal St, Cape Coral, FL",
  subject: "Boat Lifts",
  website: "",
  startedAt: filledAgo(),
  page: "/contact",
  referrer: "https://www.google.com/",
  utm: { source: "google", medium: "cpc", campaign: "docks" },
  ...over,
});

export const inquiryBody = (over: Record<string, unknown> = {}) => ({
  fullName: "Sam Boater",
  email: "sam@example.com",
  productId: "dock-ladder-4",
  productName: "Dock Ladder 4-Step",
  phone: "",
  subject: "",
  message: "",
  website: "",
  startedAt: filledAgo(),
  page: "/products/dock-ladder-4",
  ...over,
});

type Fn = (req: Request, ctx?: any) => Promise<Response>;

/** Wraps a handler so that what it hands to `context.waitUntil` can be awaited by the test. */
export function withBackground(fn: Fn) {
  const pending: Promise<unknown>[] = [];
  const wrapped: Fn = (req, ctx) => fn(req, { ...ctx, waitUntil: (p: Promise<unknown>) => pending.push(p) });
  return { fn: wrapped, settle: async () => void (await Promise.all(pending.splice(0))) };
}

/** Points the process's Zoho settings at a fake server (returns the undo). */
export function useZohoEnv(fake: FakeZoho, extra: Record<string, string> = {}): () => void {
  const vars: Record<string, string> = {
    ZOHO_CLIENT_ID: FAKE_CLIENT.clientId,
    ZOHO_CLIENT_SECRET: FAKE_CLIENT.clientSecret,
    ZOHO_REFRESH_TOKEN: FAKE_CLIENT.refreshToken,
    ZOHO_ACCOUNTS_URL: fake.url,
    ZOHO_API_URL: fake.url,
    ZOHO_TIMEOUT_MS: "1000",
    ...extra,
  };
  return setEnv(vars);
}

/** Sets environment variables for a test or a describe; returns the undo (what was there comes back). */
export function setEnv(vars: Record<string, string>): () => void {
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  return () => {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
}
