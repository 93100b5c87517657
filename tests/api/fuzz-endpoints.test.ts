/**
 * Issue 24, item 9: a seeded, bounded fuzz of every endpoint in functions/, as a new attacker would
 * send it: every `config.path` (path parameters filled with ids, junk and invalid UTF-8 escapes),
 * its methods and others, odd query values, hostile bodies (wrong types, huge strings, NUL and
 * control characters, lone surrogates, invalid JSON, chunked bodies over the size limit), with a
 * form's content types and another site's Origin (issue 33), anonymous and as admin.
 * Requests go through the local production server's router (scripts/lib/functions.ts), so path
 * decoding is part of it. Asserted: no 5xx, a refused request writes nothing (row counts of the
 * main tables), and the server still answers /api/health afterwards.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { useTestDb } from "../helpers/db.ts";
import { userWithSession } from "../helpers/auth.ts";
import { inquiryBody, quoteBody } from "../helpers/leads.ts";
import { callFunction, loadFunctions } from "../../scripts/lib/functions.ts";
import { storeLead } from "../../src/server/leads/store.ts";

const db = useTestDb();
const SEED = 24;
const RUNS = 500;
/** Tables a refused request must leave as they were (log, rate limits and throttles are the refusal's own record). */
const MAIN_TABLES = ["users", "sessions", "leads", "products", "lead_status_history", "web_vitals", "password_resets", "outbox", "images"];

interface Endpoint {
  file: string;
  paths: string[];
  methods: string[];
}

/** Every function with its config.path(s) and the methods named in its source. */
function endpoints(dir = "functions"): Endpoint[] {
  const out: Endpoint[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts")).sort()) {
    const source = readFileSync(join(dir, file), "utf8");
    const m = /export\s+const\s+config\b[^=]*=\s*\{[\s\S]*?\bpath\s*:\s*(\[[^\]]*\]|"[^"]*")/.exec(source);
    if (!m) continue; // scheduled jobs have no path
    const paths = [...m[1].matchAll(/"([^"]+)"/g)].map((x) => x[1]);
    const methods = [...new Set([...source.matchAll(/"(GET|POST|PUT|DELETE|PATCH)"/g)].map((x) => x[1]))];
    out.push({ file, paths, methods: methods.length ? methods : ["GET", "POST"] });
  }
  return out;
}

const hostileText = fc.constantFrom(
  "\u0000",
  "a\u0000b",
  "trailing\u0000",
  "\u0007\u001b[31mred",
  "\u007f",
  "\ud800",
  "\udfff\ud800",
  "\u202e\u202d",
  "'; DROP TABLE users; --",
  "<script>alert(1)</script>",
  "../../../../etc/passwd",
  "%00%0d%0a",
  "\r\nX-Injected: 1",
  "𝕯𝖔𝖈𝖐 🚤",
  "x".repeat(70_000),
  "é".repeat(9_000),
  "",
  " ",
  "0000-01-01",
  "US/Pacific-New",
  "SELECT query_to_xml('select pg_advisory_lock(1)', true, false, '')",
  "SELECT count(*) FROM generate_series(1,(SELECT 2000000))",
  "SELECT 1) AS x, (SELECT 2",
  "//evil.example/x",
);
/** Ordinary text with a control character somewhere (NUL most often). */
const controlText = fc
  .tuple(fc.string({ maxLength: 20 }), fc.constantFrom("\u0000", "\u0000", "\u0001", "\u0008", "\u000b", "\u001b", "\u007f"), fc.string({ maxLength: 20 }))
  .map(([a, c, b]) => `${a}${c}${b}`);
const anyString = fc.oneof(
  { weight: 3, arbitrary: hostileText },
  { weight: 3, arbitrary: controlText },
  fc.string({ maxLength: 60 }),
  fc.string({ unit: "binary", maxLength: 60 }),
);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: anyString },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(anyString, { maxLength: 3 }),
  fc.dictionary(anyString, anyString, { maxKeys: 3 }),
);
/** Field names the endpoints take, so hostile values reach the schemas' fields, not only unknown keys. */
const FIELDS = [
  "email", "password", "name", "acceptTerms", "updates", "token", "credential", "query", "status", "note",
  "metric", "value", "path", "fullName", "phone", "subject", "details", "message", "productId", "productName",
  "address", "photos", "startedAt", "website", "page", "landing", "referrer", "utm", "description", "price", "color",
  "quantity", "image", "hoverImage", "id", "__proto__", "constructor", "isAdmin", "smsConsent", "smsConsentVersion",
];
const jsonBody = fc.dictionary(fc.constantFrom(...FIELDS), anyValue, { maxKeys: 6 }).map((o) => JSON.stringify(o));
const rawBody = fc.oneof(
  fc.constantFrom("{", "[]", "null", "true", "1e309", '{"email":', "\u0000", '{"a":1}'.repeat(3000), '{"query":"\\u0000"}', '{"path":"/\\u0000"}'),
  fc.string({ maxLength: 200 }),
  fc.jsonValue().map((v) => JSON.stringify(v) ?? "null"),
);
/** A body each endpoint would take, by path: the fuzz spoils one or two of its fields, so hostile values get past the shape. */
const VALID: Record<string, () => Record<string, unknown>> = {
  "/api/sign/new": () => ({ email: `fuzz${Math.random().toString(36).slice(2, 8)}@example.com`, password: "a long enough passphrase 42", acceptTerms: true, name: "Ann" }),
  "/api/auth/in": () => ({ email: "nobody@example.com", password: "correct horse battery" }),
  "/api/auth/resetpswd": () => ({ email: "nobody@example.com" }),
  "/api/auth/newpswd": () => ({ token: "a".repeat(43), password: "a long enough passphrase 42" }),
  "/api/admin/products/new": () => ({ name: "Fuzz light", description: "Bright", color: "white", price: "120", quantity: 1 }),
  "/api/admin/products/edit/:id": () => ({ name: "Fuzz light", description: "Brighter" }),
  "/api/admin/leads/:id/status": () => ({ status: "contacted", note: "called back" }),
  "/api/vitals": () => ({ metric: "LCP", value: 1200, path: "/services" }),
  "/api/admin/query": () => ({ query: "SELECT 1 AS one" }),
  "/api/public/contact": () => quoteBody(),
  "/api/public/inquiry": () => inquiryBody(),
};
const spoil = fc.array(fc.tuple(fc.constantFrom(...FIELDS), anyValue), { minLength: 1, maxLength: 2 });

type Body = { kind: "none" } | { kind: "spoiled"; changes: [string, unknown][] } | { kind: "text"; text: string } | { kind: "chunked"; chunks: number; size: number };
const body: fc.Arbitrary<Body> = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ kind: "none" as const }) },
  { weight: 5, arbitrary: jsonBody.map((text) => ({ kind: "text" as const, text })) },
  { weight: 6, arbitrary: spoil.map((changes) => ({ kind: "spoiled" as const, changes })) },
  { weight: 2, arbitrary: rawBody.map((text) => ({ kind: "text" as const, text })) },
  // No Content-Length, over every JSON limit (the product editor's is about 6 MB): 16 KB to 8 MB.
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("chunked" as const), chunks: fc.integer({ min: 16, max: 128 }), size: fc.constantFrom(1024, 65_536) }) },
);

const paramValue = fc.oneof(
  fc.constantFrom(
    "%ED%A0%80", "%FF", "%E0%A4%A", "%C0%AF", "%00", "..%2F..%2Fetc%2Fpasswd", "%2e%2e", "x".repeat(300),
    "00000000-0000-4000-8000-000000000000", "dock-light", "null", "-1", "%20",
  ),
  fc.uuid(),
  fc.string({ unit: fc.constantFrom(..."abcdef0123456789-_~."), minLength: 1, maxLength: 40 }),
);
const QUERY_KEYS = ["q", "sort", "page", "size", "pageSize", "format", "kind", "status", "id", "range", "selectedDate", "tz", "tail", "grep", "x"];
const queryValue = fc.oneof(
  fc.constantFrom(
    "%00", "a%00b", "%FF", "%ED%A0%80", "0000-01-01", "2024-02-30", "9999-12-31", "US%2FPacific-New", "Mars%2FOlympus", "-1", "1e309",
    "NaN", "99999999999999999999", "%1B%5B31m", "csv", "7d", "1d", encodeURIComponent("x".repeat(500)),
  ),
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
);
const query = fc.array(fc.tuple(fc.constantFrom(...QUERY_KEYS), queryValue), { maxLength: 4 }).map((pairs) =>
  pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}` : "",
);

function requestBody(b: Body, route: string): { body?: BodyInit; headers: Record<string, string> } {
  if (b.kind === "none") return { headers: {} };
  if (b.kind === "spoiled") {
    const valid = VALID[route]?.() ?? {};
    // Spoil only the fields the endpoint takes, when it has any: a hostile value in a known field.
    const keys = Object.keys(valid);
    for (const [k, v] of b.changes) {
      const key = keys.length ? keys[k.length % keys.length] : k;
      Object.defineProperty(valid, key, { value: v, enumerable: true, configurable: true, writable: true });
    }
    return { body: JSON.stringify(valid), headers: { "content-type": "application/json" } };
  }
  if (b.kind === "text") return { body: b.text, headers: { "content-type": "application/json" } };
  const piece = new Uint8Array(b.size).fill(0x61);
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(c) {
      if (sent++ < b.chunks) c.enqueue(piece);
      else c.close();
    },
  });
  return { body: stream, headers: { "content-type": "application/json" } };
}

let routes: Awaited<ReturnType<typeof loadFunctions>>;
let adminToken: string;
let leadId = "00000000-0000-4000-8000-000000000000";

beforeAll(async () => {
  routes = await loadFunctions();
  adminToken = (await userWithSession(db(), { role: "admin" })).token;
  // Something for the id routes and the lists to find.
  await db().query("INSERT INTO products (id, name) VALUES ('dock-light', 'Dock light') ON CONFLICT DO NOTHING");
  leadId = (
    await storeLead(db(), { kind: "quote", fullName: "Fuzz Lead", email: "fuzz-lead@example.com", phone: "239-555-0101", subject: "Docks", ip: "203.0.113.1", spamReason: null, crmEnabled: false })
  ).id;
}, 60_000);

const counts = async () => {
  const r = await db().query<Record<string, string>>(`SELECT ${MAIN_TABLES.map((t) => `(SELECT count(*) FROM ${t}) AS ${t}`).join(", ")}`);
  return r.rows[0];
};

describe(`a seeded fuzz of every endpoint (seed ${SEED}, ${RUNS} requests)`, () => {
  it("finds every function's paths", () => {
    const list = endpoints();
    expect(list.length).toBeGreaterThanOrEqual(25);
    expect(routes.length).toBe(list.reduce((n, e) => n + e.paths.length, 0));
  });

  it("answers no 5xx, writes nothing when it refuses, and the server still answers", async () => {
    const list = endpoints();
    const target = fc.constantFrom(...list.flatMap((e) => e.paths.map((path) => ({ path, methods: e.methods }))));
    const cases = fc.sample(
      fc.record({
        target,
        // Mostly the function's own methods; sometimes another (405).
        ownMethod: fc.integer({ min: 0, max: 9 }).map((n) => n < 8),
        otherMethod: fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH"),
        params: fc.array(fc.oneof({ weight: 3, arbitrary: paramValue }, { weight: 1, arbitrary: fc.constant("LEAD") }), { minLength: 2, maxLength: 2 }),
        query,
        body,
        admin: fc.integer({ min: 0, max: 9 }).map((n) => n < 6),
        ip: fc.integer({ min: 1, max: 250 }),
        // Issue 33: what another site's page can make a browser send (a form's types, its Origin).
        contentType: fc.constantFrom("application/json", "application/json", "application/json", "application/json; charset=utf-8", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""),
        origin: fc.constantFrom("", "", "", "", "http://localhost:8888", "https://evil.example", "null"),
      }),
      { seed: SEED, numRuns: RUNS },
    );
    const serverErrors: string[] = [];
    const wrote: string[] = [];
    const statuses = new Map<number, number>();
    for (const c of cases) {
      const method = c.ownMethod || c.target.methods.includes(c.otherMethod) ? c.target.methods[c.params[0].length % c.target.methods.length] : c.otherMethod;
      let p = 0;
      const path = c.target.path.replace(/:[A-Za-z_]+\??/g, () => c.params[p++ % 2].replace("LEAD", leadId));
      const { body: payload, headers } = method === "GET" || method === "HEAD" ? { body: undefined, headers: {} } : requestBody(c.body, c.target.path);
      // Signing out with the fuzz's own admin session would end it for the requests after.
      const token = c.admin ? (path === "/api/auth/out" ? (await userWithSession(db(), { role: "admin" })).token : adminToken) : undefined;
      const sent: Record<string, string> = { ...headers };
      if (payload !== undefined) {
        if (c.contentType) sent["content-type"] = c.contentType;
        else delete sent["content-type"];
      }
      if (c.origin) sent.origin = c.origin;
      const req = new Request(`http://localhost:8888${path}${c.query}`, {
        method,
        headers: { ...sent, ...(token ? { authorization: `Bearer ${token}` } : {}), "x-forwarded-for": `198.51.100.${c.ip}` },
        body: payload,
        duplex: "half",
      } as RequestInit);
      const before = await counts();
      const what = `${method} ${path}${c.query.slice(0, 80)} ${c.admin ? "(admin)" : "(anonymous)"} type ${c.contentType || "none"} origin ${c.origin || "none"} body ${c.body.kind === "text" ? JSON.stringify(c.body.text.slice(0, 80)) : c.body.kind === "spoiled" ? JSON.stringify(c.body.changes).slice(0, 120) : c.body.kind}`;
      let status: number;
      try {
        const res = await callFunction(routes, req, `198.51.100.${c.ip}`);
        status = res?.status ?? 404;
        await res?.text();
      } catch (e) {
        status = 599;
        serverErrors.push(`${what}: threw ${e instanceof Error ? e.message : String(e)}`);
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status >= 500 && status !== 599) serverErrors.push(`${what}: ${status}`);
      if (status >= 400) {
        const after = await counts();
        if (JSON.stringify(after) !== JSON.stringify(before)) wrote.push(`${what}: ${status}, ${JSON.stringify(before)} -> ${JSON.stringify(after)}`);
      }
    }
    const fiveXX = [...statuses].filter(([s]) => s >= 500).reduce((n, [, k]) => n + k, 0);
    console.log(`fuzz: ${cases.length} requests over ${list.length} functions; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}; 5xx: ${fiveXX}`);
    expect(serverErrors).toEqual([]);
    expect(wrote).toEqual([]);
    expect(cases).toHaveLength(RUNS);

    const health = await callFunction(routes, new Request("http://localhost:8888/api/health"), "127.0.0.1");
    expect(health?.status).toBe(200);
  }, 240_000);
});
