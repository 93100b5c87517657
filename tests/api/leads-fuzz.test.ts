import { afterEach, describe, expect, it } from "vitest";
import fc from "fast-check";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { inquiryBody, quoteBody, withBackground } from "../helpers/leads.ts";
import contact from "../../functions/public-contact.ts";
import inquiry from "../../functions/public-inquiry.ts";

const db = useTestDb();
const RUNS = 1000;

const hostile = fc.constantFrom(
  "'; DROP TABLE leads; --",
  "\" OR 1=1 --",
  "<script>alert(1)</script>",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff\ud800",
  "\u202e\u202d",
  "𝕯𝖔𝖈𝖐 🚤",
  "%00%0d%0aBcc: x@evil.example",
  "\r\nBcc: x@evil.example",
  "${jndi:ldap://x}",
  "../../../../etc/passwd",
  "x".repeat(70_000),
  "é".repeat(6_000),
  "",
  " ",
);
const anyString = fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: "binary", maxLength: 300 }), hostile);
const anyValue = fc.oneof(anyString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(anyString, { maxLength: 3 }), fc.dictionary(anyString, anyString, { maxKeys: 3 }));

/** Bodies of every kind: raw text, random JSON, and valid bodies with one or more fields spoiled. */
function bodies(valid: () => Record<string, unknown>) {
  const keys = Object.keys(valid());
  const mutated = fc
    .tuple(fc.array(fc.tuple(fc.constantFrom(...keys, "isAdmin", "__proto__", "constructor", "utm"), fc.option(anyValue)), { minLength: 1, maxLength: 4 }))
    .map(([changes]) => {
      const body: Record<string, unknown> = valid();
      for (const [k, v] of changes) {
        if (v === null) delete body[k];
        else Object.defineProperty(body, k, { value: v, enumerable: true, configurable: true, writable: true });
      }
      return body as unknown;
    });
  const rawText = fc.oneof(fc.string({ maxLength: 200 }), fc.constantFrom("{", "[]", "null", "true", "1e309", '{"fullName":', "\u0000", '{"a":1}'.repeat(5000)));
  return fc.oneof(
    { weight: 5, arbitrary: mutated },
    { weight: 2, arbitrary: fc.jsonValue() },
    { weight: 2, arbitrary: rawText },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

const endpoints = [
  ["POST /api/public/contact", contact, () => quoteBody()],
  ["POST /api/public/inquiry", inquiry, () => inquiryBody()],
] as const;

describe.each(endpoints)("%s under fuzzing", (_name, handler, valid) => {
  const bg = withBackground(handler);
  afterEach(() => bg.settle());

  it(`answers ${RUNS} generated bodies with 2xx or a clear 4xx, never a 5xx`, async () => {
    let seq = 0;
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(bodies(valid), async (body) => {
        const r = await call(bg.fn, "POST", "/api/public/x", { body: body === undefined ? undefined : typeof body === "string" ? body : body, ip: `fuzz-${++seq}` });
        seen.set(r.status, (seen.get(r.status) ?? 0) + 1);
        expect(r.status).toBeLessThan(500);
        expect(r.json?.status, r.text.slice(0, 200)).toBeTypeOf("boolean");
        if (r.status >= 400) expect(r.json.message).toBeTypeOf("string");
        if (seq % 100 === 0) await bg.settle();
      }),
      { numRuns: RUNS },
    );
    // The generator reaches both sides: some bodies are accepted, most refused.
    expect(seen.get(200) ?? 0).toBeGreaterThan(0);
    expect([...seen.keys()].some((s) => s >= 400)).toBe(true);
    const { rows } = await db().query<{ n: string }>("SELECT count(*) AS n FROM leads");
    expect(Number(rows[0].n)).toBeGreaterThan(0);
  }, 240_000);
});
