// Decision 15 / issue 25, item 1: a lead held as possible spam is listed for the office under its
// own filter, 'Not spam' releases it (its e-mails and Zoho then happen, once), and it is deleted
// only 30 days after it arrived unless released.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { userWithSession } from "../helpers/auth.ts";
import { quoteBody, useZohoEnv, withBackground } from "../helpers/leads.ts";
import { startFakeZoho, type FakeZoho } from "../helpers/fake-zoho.ts";
import contactHandler from "../../functions/public-contact.ts";
import leadsFn from "../../functions/admin-leads.ts";
import releaseHandler from "../../functions/admin-leads-release.ts";
import { runMaintenance } from "../../src/server/jobs/index.ts";

const db = useTestDb();
const contact = withBackground(contactHandler);
const release = withBackground(releaseHandler);
let zoho: FakeZoho;
let undoZoho: () => void;
let admin: { token: string; email: string };
let user: string;
let seq = 0;
const ip = () => `203.0.113.${++seq}`;

beforeAll(async () => {
  process.env.CONTENT_DIR = new URL("../fixtures/content", import.meta.url).pathname;
  process.env.LEAD_NOTIFY_EMAIL = "office@example.com";
  zoho = await startFakeZoho();
  undoZoho = useZohoEnv(zoho);
  const a = await userWithSession(db(), { role: "admin" });
  admin = { token: a.token, email: a.email };
  user = (await userWithSession(db())).token;
});
afterEach(async () => {
  await contact.settle();
  await release.settle();
});
afterAll(async () => {
  undoZoho();
  await zoho.close();
  delete process.env.CONTENT_DIR;
  delete process.env.LEAD_NOTIFY_EMAIL;
});

/** A quote request sent 1 s after the page was shown: held as "too-fast". */
async function heldQuote(email: string): Promise<string> {
  const r = await call(contact.fn, "POST", "/api/public/contact", { body: quoteBody({ email, fullName: "Real Person", startedAt: Date.now() - 1000 }), ip: ip() });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  await contact.settle();
  return (await db().query<{ id: string }>("SELECT id FROM leads WHERE email = $1", [email])).rows[0].id;
}
const mailsAbout = async (email: string) =>
  (await db().query<{ to_address: string; kind: string }>("SELECT to_address, kind FROM outbox WHERE to_address = $1 OR text_body LIKE $2 ORDER BY id", [email, `%${email}%`])).rows.map(
    (m) => `${m.kind} → ${m.to_address}`,
  );
const zohoLeadsFor = (email: string) => zoho.records.Leads.filter((l) => l.Email === email);
const list = async (query = "") => (await call(leadsFn, "GET", `/api/admin/leads${query}`, { token: admin.token })).json.data;
const releaseCall = (id: string, token = admin.token) => call(release.fn, "POST", `/api/admin/leads/${id}/release`, { token, params: { id }, body: {} });

describe("a lead held as possible spam", () => {
  it("is stored, e-mails no one, reaches no CRM, and is listed under its own filter with its deletion date", async () => {
    const email = "held-listed@example.com";
    const id = await heldQuote(email);
    expect(await mailsAbout(email)).toEqual([]);
    expect(zohoLeadsFor(email)).toEqual([]);

    const real = await list();
    expect(real.data.map((l: { id: string }) => l.id)).not.toContain(id);
    const held = await list("?held=only");
    const lead = held.data.find((l: { id: string }) => l.id === id);
    expect(lead).toMatchObject({ email, spamReason: "too-fast", released: null });
    const created = (await db().query<{ created_at: Date }>("SELECT created_at FROM leads WHERE id = $1", [id])).rows[0].created_at;
    expect(new Date(lead.deleteAfter).getTime() - new Date(created).getTime()).toBe(30 * 86_400_000);
    expect(held.held).toBeGreaterThanOrEqual(1);
    expect(real.held).toBe(held.held);
    expect(held.data.every((l: { spamReason: string | null }) => l.spamReason)).toBe(true);
    // The office e-mail's link to one lead shows it whatever its state.
    expect((await list(`?id=${id}`)).data.map((l: { id: string }) => l.id)).toEqual([id]);
  });

  it("'Not spam' releases it once: the office and the visitor get their e-mails and Zoho gets the lead", async () => {
    const email = "held-released@example.com";
    const id = await heldQuote(email);
    const before = (await list("?held=only")).held;

    const r = await releaseCall(id);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ status: true, data: { id, released: true } });
    await release.settle();

    expect(await mailsAbout(email)).toEqual(["lead-notify → office@example.com", `lead-confirm → ${email}`]);
    expect(zohoLeadsFor(email)).toHaveLength(1);
    const row = (await db().query("SELECT spam_reason, held_reason, released_by, released_at, crm_state FROM leads WHERE id = $1", [id])).rows[0];
    expect(row).toMatchObject({ spam_reason: null, held_reason: "too-fast", released_by: admin.email, crm_state: "synced" });
    expect(row.released_at).toBeInstanceOf(Date);

    const after = await list();
    expect(after.data.find((l: { id: string }) => l.id === id)).toMatchObject({ spamReason: null, deleteAfter: null, released: { by: admin.email, reason: "too-fast" } });
    expect(after.held).toBe(before - 1);

    // A second press (another admin, a double click) changes nothing and sends nothing again.
    const again = await releaseCall(id);
    expect(again.status).toBe(409);
    await release.settle();
    expect(await mailsAbout(email)).toHaveLength(2);
    expect(zohoLeadsFor(email)).toHaveLength(1);
  });

  it("two admins pressing 'Not spam' at the same moment release it once", async () => {
    const email = "held-race@example.com";
    const id = await heldQuote(email);
    const [a, b] = await Promise.all([releaseCall(id), releaseCall(id)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    await release.settle();
    expect(await mailsAbout(email)).toHaveLength(2);
  });

  it("only an admin may release, and only a held lead", async () => {
    const id = await heldQuote("held-guarded@example.com");
    expect((await releaseCall(id, user)).status).toBe(403);
    expect((await call(release.fn, "POST", `/api/admin/leads/${id}/release`, { params: { id }, body: {} })).status).toBe(401);
    expect((await call(release.fn, "POST", "/api/admin/leads/nope/release", { token: admin.token, params: { id: "nope" }, body: {} })).status).toBe(400);
    const real = await call(contact.fn, "POST", "/api/public/contact", { body: quoteBody({ email: "not-held@example.com" }), ip: ip() });
    expect(real.status).toBe(200);
    await contact.settle();
    const realId = (await db().query<{ id: string }>("SELECT id FROM leads WHERE email = 'not-held@example.com'")).rows[0].id;
    expect((await releaseCall(realId)).status).toBe(409);
    expect((await db().query("SELECT spam_reason FROM leads WHERE id = $1", [id])).rows[0].spam_reason).toBe("too-fast");
  });

  it("is deleted 30 days after it arrived unless released; a released one is kept", async () => {
    const keptEmail = "held-then-released-old@example.com";
    const goneEmail = "held-old@example.com";
    const youngEmail = "held-young@example.com";
    const kept = await heldQuote(keptEmail);
    const gone = await heldQuote(goneEmail);
    const young = await heldQuote(youngEmail);
    expect((await releaseCall(kept)).status).toBe(200);
    await release.settle();
    await db().query("UPDATE leads SET created_at = now() - interval '31 days' WHERE id = ANY($1)", [[kept, gone]]);
    await db().query("UPDATE leads SET created_at = now() - interval '29 days' WHERE id = $1", [young]);
    await runMaintenance(db());
    const left = (await db().query<{ id: string }>("SELECT id FROM leads WHERE id = ANY($1)", [[kept, gone, young]])).rows.map((r) => r.id).sort();
    expect(left).toEqual([kept, young].sort());
  });
});
