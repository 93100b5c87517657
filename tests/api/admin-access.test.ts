import { beforeAll, describe, expect, it } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { userWithSession } from "../helpers/auth.ts";
import logsRaw from "../../functions/admin-logs.ts";
import stats from "../../functions/admin-stats.ts";
import query from "../../functions/admin-query.ts";
import vitals from "../../functions/admin-vitals.ts";
import leads from "../../functions/admin-leads.ts";
import leadRetry from "../../functions/admin-leads-retry.ts";
import leadRelease from "../../functions/admin-leads-release.ts";
import pipes from "../../functions/admin-pipes.ts";
import bucket from "../../functions/admin-bucket.ts";
import reports from "../../functions/admin-reports.ts";

const db = useTestDb();
let user: string;
let admin: string;

beforeAll(async () => {
  user = (await userWithSession(db())).token;
  admin = (await userWithSession(db(), { role: "admin" })).token;
});

const LEAD = "00000000-0000-4000-8000-000000000001";
// Every admin path, called the way the dashboard calls it.
const paths = [
  ["GET /api/admin/logs/raw", logsRaw, "GET", "/api/admin/logs/raw", undefined, undefined],
  ["GET /api/admin/stats", stats, "GET", "/api/admin/stats", undefined, undefined],
  ["POST /api/admin/query", query, "POST", "/api/admin/query", { query: "SELECT email FROM users" }, undefined],
  ["GET /api/admin/vitals", vitals, "GET", "/api/admin/vitals", undefined, undefined],
  ["GET /api/admin/leads", leads, "GET", "/api/admin/leads", undefined, undefined],
  ["GET /api/admin/leads?format=csv", leads, "GET", "/api/admin/leads?format=csv", undefined, undefined],
  ["POST /api/admin/leads/:id/retry", leadRetry, "POST", `/api/admin/leads/${LEAD}/retry`, {}, { id: LEAD }],
  ["POST /api/admin/leads/:id/release", leadRelease, "POST", `/api/admin/leads/${LEAD}/release`, {}, { id: LEAD }],
  ["GET /api/admin/pipes", pipes, "GET", "/api/admin/pipes", undefined, undefined],
  ["GET /api/admin/bucket", bucket, "GET", "/api/admin/bucket", undefined, undefined],
  ["GET /api/admin/reports/:table", reports, "GET", "/api/admin/reports/sources", undefined, { table: "sources" }],
] as const;

describe.each(paths)("%s", (_name, fn, method, path, body, params) => {
  it("answers 401 when signed out, with no data", async () => {
    const r = await call(fn, method, path, { body, params });
    expect(r.status).toBe(401);
    expect(r.json).toEqual({ status: false, message: expect.any(String) });
  });

  it("answers 401 for a forged token", async () => {
    expect((await call(fn, method, path, { body, params, token: "eyJhbGciOiJIUzI1NiJ9.e30.x" })).status).toBe(401);
  });

  it("answers 403 to a signed-in user who is not an admin, with no data", async () => {
    const r = await call(fn, method, path, { body, params, token: user });
    expect(r.status).toBe(403);
    expect(r.json).toEqual({ status: false, message: expect.any(String) });
  });

  it("lets an admin in", async () => {
    const r = await call(fn, method, path, { body, params, token: admin });
    // The retry or release of an unknown lead is a 404: past the guard, nothing to act on.
    expect(r.status).toBe(/\/(retry|release)$/.test(path) ? 404 : 200);
  });
});
