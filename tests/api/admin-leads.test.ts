import { beforeAll, describe, expect, it, vi } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { userWithSession } from "../helpers/auth.ts";
import leadsFn from "../../functions/admin-leads.ts";
import retryFn from "../../functions/admin-leads-retry.ts";
import bucketFn from "../../functions/admin-bucket.ts";

const db = useTestDb();
let admin: string;

async function addLead(fields: { name: string; minutesAgo: number; state?: string; email?: string; subject?: string; message?: string; error?: string }) {
  const r = await db().query<{ id: string }>(
    `INSERT INTO leads (kind, full_name, email, phone, subject, message, created_at, crm_state, attempts, last_error)
     VALUES ('quote', $1, $2, '(239) 555-0134', $3, $4, now() - make_interval(mins => $5), $6, $7, $8) RETURNING id`,
    [fields.name, fields.email ?? "lead@example.com", fields.subject ?? "Seawalls", fields.message ?? "", fields.minutesAgo, fields.state ?? "pending", fields.state === "failed" ? 5 : 0, fields.error ?? null],
  );
  return r.rows[0].id;
}

/** RFC 4180 reader, to see the cells exactly as a spreadsheet would. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [[]];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") rows.at(-1)!.push(cell), (cell = "");
    else if (c === "\r" && text[i + 1] === "\n") rows.at(-1)!.push(cell), (cell = ""), rows.push([]), i++;
    else cell += c;
  }
  if (cell || rows.at(-1)!.length) rows.at(-1)!.push(cell);
  return rows.filter((r) => r.length);
}

beforeAll(async () => {
  admin = (await userWithSession(db(), { role: "admin" })).token;
  for (let i = 1; i <= 25; i++) await addLead({ name: `Lead ${i}`, minutesAgo: 100 - i });
});

describe("GET /api/admin/leads", () => {
  it("answers a page of leads, newest first, with the total", async () => {
    const r = await call(leadsFn, "GET", "/api/admin/leads", { token: admin });
    expect(r.status).toBe(200);
    const { data, page, pageSize, total } = r.json.data;
    expect({ page, pageSize, total }).toEqual({ page: 1, pageSize: 20, total: 25 });
    expect(data.map((l: { fullName: string }) => l.fullName).slice(0, 3)).toEqual(["Lead 25", "Lead 24", "Lead 23"]);
    expect(data[0]).toMatchObject({ kind: "quote", email: "lead@example.com", crmState: "pending", attempts: 0, lastError: null });
  });

  it("answers the next page", async () => {
    const r = await call(leadsFn, "GET", "/api/admin/leads?page=2", { token: admin });
    expect(r.json.data.data.map((l: { fullName: string }) => l.fullName)).toEqual(["Lead 5", "Lead 4", "Lead 3", "Lead 2", "Lead 1"]);
  });

  it("answers one lead for ?id= (the office e-mail's link), and an empty page for an unknown one", async () => {
    const id = await addLead({ name: "Linked lead", minutesAgo: 500 });
    const r = await call(leadsFn, "GET", `/api/admin/leads?id=${id}`, { token: admin });
    expect(r.status).toBe(200);
    expect(r.json.data.total).toBe(1);
    expect(r.json.data.data.map((l: { id: string; fullName: string }) => [l.id, l.fullName])).toEqual([[id, "Linked lead"]]);
    await db().query("DELETE FROM leads WHERE id = $1", [id]);
    const none = await call(leadsFn, "GET", `/api/admin/leads?id=${id}`, { token: admin });
    expect(none.json.data).toMatchObject({ total: 0, data: [] });
  });

  it("offers 'Retry' only where it can do something: not for a lead kept out while no CRM is connected", async () => {
    const names = { waiting: "pending", refused: "failed", kept: "disabled", written: "synced" } as const;
    const ids: string[] = [];
    for (const [name, state] of Object.entries(names)) ids.push(await addLead({ name: `Retry ${name}`, minutesAgo: 900, state }));
    const offered = async () => {
      const r = await call(leadsFn, "GET", "/api/admin/leads?q=Retry&pageSize=100", { token: admin });
      expect(r.status).toBe(200);
      return Object.fromEntries(r.json.data.data.map((l: { fullName: string; crmRetry: boolean }) => [l.fullName.slice(6), l.crmRetry]));
    };
    try {
      // No Zoho keys (as in these tests): a lead kept out of the CRM has nothing to retry against.
      for (const key of ["ZOHO_CLIENT_ID", "ZOHO_CLIENT_SECRET", "ZOHO_REFRESH_TOKEN"]) vi.stubEnv(key, "");
      expect(await offered()).toEqual({ waiting: true, refused: true, kept: false, written: false });
      // Once Zoho is connected, the same lead can be sent with 'Retry'.
      vi.stubEnv("ZOHO_CLIENT_ID", "id");
      vi.stubEnv("ZOHO_CLIENT_SECRET", "secret");
      vi.stubEnv("ZOHO_REFRESH_TOKEN", "token");
      expect(await offered()).toEqual({ waiting: true, refused: true, kept: true, written: false });
      // A lead held as possible spam is released with 'Not spam', never retried.
      await db().query("UPDATE leads SET spam_reason = 'honeypot' WHERE id = ANY($1)", [ids]);
      const held = await call(leadsFn, "GET", "/api/admin/leads?q=Retry&held=only&pageSize=100", { token: admin });
      expect(held.json.data.data.map((l: { crmRetry: boolean }) => l.crmRetry)).toEqual([false, false, false, false]);
    } finally {
      vi.unstubAllEnvs();
      await db().query("DELETE FROM leads WHERE id = ANY($1)", [ids]);
    }
  });

  it.each(["page=0", "page=abc", "pageSize=1000", "format=xml", "id=1", "id=' OR 1=1 --"])("refuses %s with 400", async (q) => {
    expect((await call(leadsFn, "GET", `/api/admin/leads?${q}`, { token: admin })).status).toBe(400);
  });
});

describe("GET /api/admin/leads?format=csv", () => {
  it("downloads every lead as CSV that a spreadsheet cannot run", async () => {
    await addLead({ name: "=cmd|' /C calc'!A0", minutesAgo: 0, email: "hostile@example.com", subject: 'Docks, "fast"', message: "line one\nline two\r\n+SUM(1)" });
    await addLead({ name: "@evil", minutesAgo: -1, subject: "-2+3" });
    const r = await call(leadsFn, "GET", "/api/admin/leads?format=csv", { token: admin });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(r.headers.get("content-disposition")).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = r.text.replace(/^\uFEFF/, "");
    // Records end with CRLF; the CRLF inside a quoted message does not end one.
    const [header, first, second] = text.trimEnd().split(/\r\n(?=\d{4}-|created_at)/);
    expect(header).toBe("created_at,kind,language,status,full_name,email,phone,address,subject,message,estimate,photos,product,source_page,crm_state,attempts,last_error,spam_reason,amount_usd,id");
    // Newest first: "@evil" was stored a minute "in the future".
    expect(first).toContain(",quote,en,new,'@evil,lead@example.com,");
    expect(first).toContain(",'-2+3,");
    expect(second).toContain(`,quote,en,new,'=cmd|' /C calc'!A0,hostile@example.com,`);
    expect(second).toContain(`,"Docks, ""fast""","line one\nline two\r\n+SUM(1)",,0,`);
    expect(text.trimEnd().split(/\r\n(?=\d{4}-)/)).toHaveLength(28); // a header and 27 leads
    const cells = parseCsv(text).flat();
    expect(cells.filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);
    expect(cells).toContain("line one\nline two\r\n+SUM(1)");
  });
});

describe("POST /api/admin/leads/:id/retry", () => {
  it("puts a failed lead back in the sync queue", async () => {
    const id = await addLead({ name: "Failing", minutesAgo: 5, state: "failed", error: "Zoho 500" });
    const r = await call(retryFn, "POST", `/api/admin/leads/${id}/retry`, { token: admin, params: { id }, body: {} });
    expect(r.status).toBe(200);
    // Without Zoho settings (tests) the lead stays in Postgres: 'disabled'; with them it is 'pending'.
    const row = await db().query<{ crm_state: string; next_attempt_at: Date }>("SELECT crm_state, next_attempt_at FROM leads WHERE id = $1", [id]);
    expect(r.json.data).toEqual({ id, crmState: row.rows[0].crm_state });
    expect(["pending", "disabled"]).toContain(row.rows[0].crm_state);
    expect(Date.now() - row.rows[0].next_attempt_at.getTime()).toBeLessThan(60_000);
    const logged = await db().query<{ message: string }>("SELECT message FROM log WHERE source = '/api/admin/leads/:id/retry'");
    expect(logged.rows.map((l) => l.message).join("\n")).toContain(`Lead ${id} re-queued for CRM sync by`);
  });

  it("answers 404 for an unknown lead and 400 for a malformed id", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await call(retryFn, "POST", `/api/admin/leads/${unknown}/retry`, { token: admin, params: { id: unknown }, body: {} })).status).toBe(404);
    expect((await call(retryFn, "POST", "/api/admin/leads/x'--/retry", { token: admin, params: { id: "x'--" }, body: {} })).status).toBe(400);
  });
});

describe("GET /api/admin/bucket", () => {
  it("lists the stored objects newest first as {key,size,contentType,createdAt}", async () => {
    await db().query(
      `INSERT INTO images (key, content_type, bytes, size, created_at) VALUES
        ('older-key', 'image/png', '\\x89504e47', 4, '2025-01-01T00:00:00Z'),
        ('newer-key', 'image/jpeg', '\\xffd8ffe0ff', 5, '2025-02-01T00:00:00Z')`,
    );
    const r = await call(bucketFn, "GET", "/api/admin/bucket", { token: admin });
    expect(r.status).toBe(200);
    expect(r.json.data.data).toEqual([
      { key: "newer-key", size: 5, contentType: "image/jpeg", createdAt: "2025-02-01T00:00:00.000Z" },
      { key: "older-key", size: 4, contentType: "image/png", createdAt: "2025-01-01T00:00:00.000Z" },
    ]);
  });
});
