import { beforeAll, describe, expect, it } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { userWithSession } from "../helpers/auth.ts";
import beacon from "../../functions/vitals.ts";
import adminVitals from "../../functions/admin-vitals.ts";
import { VITALS_LIMIT } from "../../src/server/vitals/vitals.ts";

const db = useTestDb();
let admin: string;
let ipN = 0;
/** A fresh visitor address per test, so the rate limit of one test does not touch another. */
const freshIp = () => `198.51.100.${++ipN}`;

const send = (body: unknown, contentType = "application/json", ip = freshIp()) =>
  call(beacon, "POST", "/api/vitals", { body: typeof body === "string" ? body : JSON.stringify(body), headers: { "content-type": contentType }, ip });

beforeAll(async () => {
  admin = (await userWithSession(db(), { role: "admin" })).token;
});

describe("POST /api/vitals (the beacon)", () => {
  it.each([
    ["a Blob sent as application/json", "application/json"],
    ["a string sent as text/plain", "text/plain;charset=UTF-8"],
  ])("stores a sample from %s and answers 204", async (_case, type) => {
    const path = `/beacon-${type.length}`;
    const r = await send({ metric: "LCP", value: 1834.2, path }, type);
    expect(r.status).toBe(204);
    expect(r.text).toBe("");
    const stored = await db().query("SELECT metric, value, path FROM web_vitals WHERE path = $1", [path]);
    expect(stored.rows).toEqual([{ metric: "LCP", value: 1834.2, path }]);
  });

  it("stores /services/ and /services as one page", async () => {
    await send({ metric: "TTFB", value: 100, path: "/trailing/" });
    const stored = await db().query("SELECT path FROM web_vitals WHERE path LIKE '/trailing%'");
    expect(stored.rows).toEqual([{ path: "/trailing" }]);
  });

  it.each([
    ["an unknown metric", { metric: "FID", value: 10, path: "/" }, "metric"],
    ["a negative value", { metric: "LCP", value: -1, path: "/" }, "value"],
    ["a CLS above 50", { metric: "CLS", value: 51, path: "/" }, "value"],
    ["an LCP above two minutes", { metric: "LCP", value: 120_001, path: "/" }, "value"],
    ["a value that is text", { metric: "INP", value: "12", path: "/" }, "value"],
    ["a full URL as path", { metric: "INP", value: 12, path: "https://evil.example/" }, "path"],
    ["a path with a query", { metric: "INP", value: 12, path: "/a?b=<script>" }, "path"],
    ["a path over 200 characters", { metric: "INP", value: 12, path: `/${"a".repeat(200)}` }, "path"],
    ["no path", { metric: "INP", value: 12 }, "path"],
    // Issue 24: the schema is strict, and the path is one of this site's.
    ["an unknown field", { metric: "INP", value: 12, path: "/", extra: 1 }, "extra"],
    ["a protocol-relative path (another host)", { metric: "INP", value: 12, path: "//evil.example/x" }, "path"],
    ["a path with a NUL", { metric: "INP", value: 12, path: "/a\u0000b" }, "path"],
  ])("refuses %s with 400", async (_case, body, field) => {
    const r = await send(body);
    expect(r.status).toBe(400);
    expect(r.json.field).toBe(field);
  });

  it("refuses malformed JSON with 400 and a body over 1 KB with 413", async () => {
    expect((await send("{metric:")).status).toBe(400);
    expect((await send({ metric: "LCP", value: 1, path: "/", pad: "x".repeat(2000) })).status).toBe(413);
  });

  it("accepts only POST", async () => {
    expect((await call(beacon, "GET", "/api/vitals")).status).toBe(405);
  });

  it(`answers 429 with Retry-After after ${VITALS_LIMIT.max} beacons from one address`, async () => {
    const ip = freshIp();
    for (let i = 0; i < VITALS_LIMIT.max; i++) expect((await send({ metric: "CLS", value: 0, path: "/flood" }, "text/plain", ip)).status).toBe(204);
    const over = await send({ metric: "CLS", value: 0, path: "/flood" }, "text/plain", ip);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await send({ metric: "CLS", value: 0, path: "/flood" }, "text/plain", freshIp())).status).toBe(204);
  });
});

describe("GET /api/admin/vitals (p75 per page and metric)", () => {
  beforeAll(async () => {
    await db().query("DELETE FROM web_vitals");
    const samples: [string, string, number, string][] = [
      // p75 of 1000, 2000, 3000, 4000 is 3250 (linear interpolation): needs improvement.
      ["/p75", "LCP", 1000, "now()"],
      ["/p75", "LCP", 2000, "now()"],
      ["/p75", "LCP", 3000, "now()"],
      ["/p75", "LCP", 4000, "now()"],
      // p75 of 0.05, 0.05, 0.05, 0.3 is 0.1125: needs improvement though three of four are good.
      ["/p75", "CLS", 0.05, "now()"],
      ["/p75", "CLS", 0.05, "now()"],
      ["/p75", "CLS", 0.05, "now()"],
      ["/p75", "CLS", 0.3, "now()"],
      ["/fast", "INP", 80, "now()"],
      ["/fast", "TTFB", 2500, "now()"],
      // Ten days old: only in the 28-day range.
      ["/old", "LCP", 9000, "now() - interval '10 days'"],
    ];
    for (const [path, metric, value, ts] of samples)
      await db().query(`INSERT INTO web_vitals (path, metric, value, ts) VALUES ($1, $2, $3, ${ts})`, [path, metric, value]);
  });

  const summary = async (q = "") => {
    const r = await call(adminVitals, "GET", `/api/admin/vitals${q}`, { token: admin });
    expect(r.status, r.text).toBe(200);
    return r.json.data;
  };

  it("computes the 75th percentile per page and metric over the last 7 days, rated by Google's thresholds", async () => {
    const { data, range } = await summary();
    expect(range).toBe("7d");
    expect(data).toEqual([
      { path: "/fast", metric: "INP", p75: 80, samples: 1, rating: "good" },
      { path: "/fast", metric: "TTFB", p75: 2500, samples: 1, rating: "poor" },
      { path: "/p75", metric: "CLS", p75: expect.closeTo(0.1125, 6), samples: 4, rating: "needs-improvement" },
      { path: "/p75", metric: "LCP", p75: 3250, samples: 4, rating: "needs-improvement" },
    ]);
  });

  it("includes older samples in the 28-day range", async () => {
    const { data } = await summary("?range=28d");
    expect(data).toContainEqual({ path: "/old", metric: "LCP", p75: 9000, samples: 1, rating: "poor" });
  });

  it("answers the thresholds it rated with", async () => {
    const { thresholds } = await summary();
    expect(thresholds).toEqual({ LCP: [2500, 4000], INP: [200, 500], CLS: [0.1, 0.25], TTFB: [800, 1800] });
  });

  it("refuses an unknown range", async () => {
    expect((await call(adminVitals, "GET", "/api/admin/vitals?range=1y", { token: admin })).status).toBe(400);
  });
});
