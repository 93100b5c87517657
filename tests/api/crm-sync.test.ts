import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { startFakeZoho, type FakeZoho } from "../helpers/fake-zoho.ts";
import { inquiryBody, quoteBody, useZohoEnv, withBackground } from "../helpers/leads.ts";
import contact from "../../functions/public-contact.ts";
import inquiry from "../../functions/public-inquiry.ts";
import type { Db } from "../../src/server/db/index.ts";
import { storeLead } from "../../src/server/leads/store.ts";
import type { NewLead } from "../../src/server/leads/lead.ts";
import { requeueLead, retryDueLeads, syncLead } from "../../src/server/leads/crm-queue.ts";
import { leadRef } from "../../src/server/crm/records.ts";
import { clearTokenMemory } from "../../src/server/crm/token.ts";
import { runCrmJob, runCrmRetry } from "../../src/server/jobs/index.ts";
import { createLogger } from "../../src/server/logs/logger.ts";

const db = useTestDb();
let zoho: FakeZoho;
let undoEnv: () => void;
let n = 0;

beforeAll(async () => {
  zoho = await startFakeZoho({ hangMs: 1_500 });
  undoEnv = useZohoEnv(zoho);
});
afterAll(async () => {
  undoEnv();
  await zoho.close();
});
beforeEach(async () => {
  zoho.heal();
  zoho.calls.length = 0;
  clearTokenMemory();
  await db().query("DELETE FROM crm_token");
  await db().query("DELETE FROM rate_limit WHERE key LIKE 'zoho-token-refresh:%'");
});

const crmCalls = () => zoho.calls.filter((c) => c.path.startsWith("/crm/")).map((c) => `${c.method} ${c.path.replace(/\?.*/, "")}`);
const lead = async (id: string) =>
  (
    await db().query<Record<string, any>>(
      "SELECT crm_state, crm_account_id, crm_lead_id, crm_deal_id, attempts, last_error, next_attempt_at, claimed_until FROM leads WHERE id = $1",
      [id],
    )
  ).rows[0];
const makeDue = (id?: string) =>
  db().query(`UPDATE leads SET next_attempt_at = now() - interval '1 second' ${id ? "WHERE id = $1" : ""}`, id ? [id] : []);
/** How many CRM records of a module carry this lead's reference (a duplicate would make it 2). */
const recordsFor = (module: "Accounts" | "Leads" | "Deals", leadId: string) =>
  zoho.records[module].filter((r) => String(r.Description ?? "").includes(leadRef(leadId))).length;

async function newLead(over: Partial<NewLead> = {}): Promise<{ id: string; email: string }> {
  const email = over.email ?? `crm${++n}-${Date.now()}@example.com`;
  const s = await storeLead(db(), {
    kind: "quote",
    fullName: `Customer ${n}`,
    email,
    // Each its own number: a shared one would find the first lead's account (by phone) for all.
    phone: `239-555-${2000 + n}`,
    subject: "Seawalls",
    ip: "203.0.113.1",
    spamReason: null,
    crmEnabled: true,
    ...over,
  });
  return { id: s.id, email };
}

describe("sync after a submission", () => {
  it("finds no account for a new visitor, so creates account → lead → deal with the derived fields, links them, and stores each id", async () => {
    const bg = withBackground(contact);
    const email = "anchor.bay-owner@example.com";
    const r = await call(bg.fn, "POST", "/api/public/contact", { body: quoteBody({ email, fullName: "Ann Anchor" }), ip: "203.0.113.20" });
    expect(r.json).toEqual({ status: true, data: { status: true } });
    await bg.settle();
    expect(crmCalls()).toEqual(["GET /crm/v7/Leads/search", "GET /crm/v7/Accounts/search", "POST /crm/v7/Accounts", "POST /crm/v7/Leads", "POST /crm/v7/Deals"]);
    const [acc, ld, deal] = zoho.calls.filter((c) => c.method === "POST" && c.path.startsWith("/crm/")).map((c) => c.body.data[0]);
    expect(acc).toMatchObject({ Account_Name: "Ann Anchor", Phone: "+12395550134" });
    expect(acc.Description).toMatch(/^Created from a website lead by anchor\.bay-owner@example\.com\.\nWebsite lead ref: WL[0-9a-f]{32}$/);
    expect(ld).toMatchObject({
      Email: email,
      First_Name: "Ann",
      Last_Name: "Anchor",
      Company: "COASTAL_MARINE_INQUIRY",
      Lead_Source: "COASTAL_MARINE_INQUIRY",
      Phone: "+12395550134",
      Street: "123 Canal St, Cape Coral, FL",
    });
    expect(ld.Description).toContain("Quote request: Boat Lifts");
    expect(ld.Description).toContain("UTM: source=google, medium=cpc, campaign=docks");
    expect(deal).toMatchObject({ Stage: "Qualification", Account_Name: { id: expect.any(String) } });
    expect(deal.Deal_Name).toMatch(/^Boat Lifts - Ann Anchor \[WL[0-9a-f]{32}\]$/);
    const id = (await db().query<{ id: string }>("SELECT id FROM leads WHERE email = $1", [email])).rows[0].id;
    const row = await lead(id);
    expect(row).toMatchObject({ crm_state: "synced", attempts: 1, last_error: null, claimed_until: null });
    expect(row.crm_account_id).toBe(zoho.records.Accounts.find((a) => a.Account_Name === "Ann Anchor")!.id);
    expect(row.crm_lead_id).toBe(zoho.records.Leads.find((l) => l.Email === email)!.id);
    expect(row.crm_deal_id).toBe(zoho.records.Deals.find((d) => d.Deal_Name === deal.Deal_Name)!.id);
    // The lead and the deal point at that account.
    expect(ld.Account).toEqual({ id: row.crm_account_id });
    expect(deal.Account_Name).toEqual({ id: row.crm_account_id });
  });

  it("creates no deal for a product inquiry, and sends 'NOT_PROVIDED' for an empty phone", async () => {
    const bg = withBackground(inquiry);
    const email = "inquiry-crm@example.com";
    await call(bg.fn, "POST", "/api/public/inquiry", { body: inquiryBody({ email }), ip: "203.0.113.21" });
    await bg.settle();
    // No phone: the account is looked for by e-mail only.
    expect(crmCalls()).toEqual(["GET /crm/v7/Leads/search", "POST /crm/v7/Accounts", "POST /crm/v7/Leads"]);
    const ld = zoho.calls.find((c) => c.path === "/crm/v7/Leads")!.body.data[0];
    expect(ld).toMatchObject({ Phone: "NOT_PROVIDED", First_Name: "Sam", Last_Name: "Boater" });
    expect(ld.Description).toContain("Product: Dock Ladder 4-Step (id dock-ladder-4)");
  });

  it("skips the account when no name was given, and puts the e-mail's words in the required last name", async () => {
    const { id } = await newLead({ fullName: "", email: "anon_12ab@example.com" });
    expect(await syncLead(db(), id, zoho.config())).toBe("synced");
    expect(crmCalls()).toEqual(["POST /crm/v7/Leads", "POST /crm/v7/Deals"]);
    const ld = zoho.calls.find((c) => c.path === "/crm/v7/Leads")!.body.data[0];
    expect(ld).toMatchObject({ First_Name: "", Last_Name: "ANONYMOUS" });
    expect(ld.Account).toBeUndefined();
    expect(zoho.calls.find((c) => c.path === "/crm/v7/Deals")!.body.data[0].Account_Name).toBeUndefined();
    expect((await lead(id)).crm_account_id).toBeNull();
  });

  it("uses the deal stage from ZOHO_DEAL_STAGE", async () => {
    const { id } = await newLead();
    await syncLead(db(), id, zoho.config({ dealStage: "Needs Analysis" }));
    expect(zoho.calls.find((c) => c.path === "/crm/v7/Deals")!.body.data[0].Stage).toBe("Needs Analysis");
  });

  it("answers at once while the CRM hangs, and leaves the lead for the retry", async () => {
    zoho.failNext(1, "timeout");
    const bg = withBackground(contact);
    const started = Date.now();
    const r = await call(bg.fn, "POST", "/api/public/contact", { body: quoteBody({ email: "slow-crm@example.com" }), ip: "203.0.113.22" });
    expect(r.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(800);
    await bg.settle();
    const id = (await db().query<{ id: string }>("SELECT id FROM leads WHERE email = 'slow-crm@example.com'")).rows[0].id;
    const row = await lead(id);
    expect(row.crm_state).toBe("failed");
    expect(row.last_error).toMatch(/timed out after 1000 ms/);
    expect(new Date(row.next_attempt_at).getTime()).toBeGreaterThan(Date.now() + 20_000);
  });
});

describe("records a salesperson can trust (issue 25, item 3)", () => {
  const quote = async (body: Record<string, unknown>, ip: string) => {
    const bg = withBackground(contact);
    expect((await call(bg.fn, "POST", "/api/public/contact", { body: quoteBody(body), ip })).status).toBe(200);
    await bg.settle();
    const id = (await db().query<{ id: string }>("SELECT id FROM leads WHERE email = $1 ORDER BY created_at DESC LIMIT 1", [body.email])).rows[0].id;
    return { id, row: await lead(id), ld: zoho.records.Leads.find((l) => String(l.Description).includes(leadRef(id)))!, deal: zoho.records.Deals.find((d) => String(d.Deal_Name).includes(leadRef(id)))! };
  };
  const writesTo = (accountId: string) => zoho.calls.filter((c) => c.method !== "GET" && c.path.includes(accountId));

  it("takes the first and last name from the full name, not from the e-mail", async () => {
    const { ld } = await quote({ email: "mas.docks@example.com", fullName: "Mary Ann Smith", phone: "239-555-0301" }, "203.0.113.30");
    expect(ld).toMatchObject({ First_Name: "Mary Ann", Last_Name: "Smith" });
  });

  it("never changes an existing account whose name a visitor types, and links nothing of theirs to it", async () => {
    const customer = zoho.add("Accounts", { Account_Name: "Harbor Marine LLC", Phone: "+12395550000", Website: "harbormarine.example" });
    const before = structuredClone(zoho.records.Accounts.find((a) => a.id === customer));
    const { row, ld, deal } = await quote({ email: "someone-else@example.com", fullName: "Harbor Marine LLC", phone: "239-555-0302" }, "203.0.113.31");
    expect(zoho.records.Accounts.find((a) => a.id === customer)).toEqual(before);
    expect(writesTo(customer)).toEqual([]);
    expect(zoho.calls.some((c) => c.path.includes("upsert"))).toBe(false);
    expect(row.crm_account_id).not.toBe(customer);
    expect(ld.Account).toEqual({ id: row.crm_account_id });
    expect(deal.Account_Name).toEqual({ id: row.crm_account_id });
  });

  it("finds the account by the visitor's exact phone, however either was written, and only links to it", async () => {
    // Zoho's `equals` matches like `contains`: this one comes back from the search too (first), but is another line.
    const other = zoho.add("Accounts", { Account_Name: "Dock Co, front desk", Phone: "+12395550177 ext. 5" });
    const customer = zoho.add("Accounts", { Account_Name: "Ann's Dock Co", Phone: "(239) 555-0177" });
    const before = structuredClone(zoho.records.Accounts);
    const accounts = zoho.records.Accounts.length;
    const { row, ld, deal } = await quote({ email: "ann.new-address@example.com", fullName: "Ann Dockside", phone: "239.555.0177" }, "203.0.113.32");
    expect(row.crm_account_id).toBe(customer);
    expect(ld.Account).toEqual({ id: customer });
    expect(deal.Account_Name).toEqual({ id: customer });
    expect(zoho.records.Accounts).toHaveLength(accounts);
    expect(zoho.records.Accounts).toEqual(before);
    expect(writesTo(customer)).toEqual([]);
    expect(writesTo(other)).toEqual([]);
  });

  it("finds the account by the visitor's exact e-mail, through an earlier lead linked to it or converted into it", async () => {
    // Another address that contains this one comes back from the search too (first), but is not the visitor's.
    zoho.add("Leads", { Last_Name: "Other", Email: "old-board@pelicanpoint.example.net", Account: { name: "Elsewhere", id: "1" } });
    const linked = zoho.add("Accounts", { Account_Name: "Pelican Point HOA" });
    zoho.add("Leads", { Last_Name: "Pelican", Email: "board@pelicanpoint.example", Account: { name: "Pelican Point HOA", id: linked } });
    const first = await quote({ email: "Board@PelicanPoint.example", fullName: "Pat Pelican", phone: "239-555-0303" }, "203.0.113.33");
    expect(first.row.crm_account_id).toBe(linked);
    expect(first.deal.Account_Name).toEqual({ id: linked });

    const converted = zoho.add("Accounts", { Account_Name: "Osprey Lift Owner" });
    zoho.add("Leads", { Last_Name: "Osprey", Email: "osprey@example.com", $converted: true, Converted_Account: { name: "Osprey Lift Owner", id: converted } });
    const second = await quote({ email: "osprey@example.com", fullName: "Olive Osprey", phone: "239-555-0304" }, "203.0.113.34");
    expect(second.row.crm_account_id).toBe(converted);
    expect(second.ld.Account).toEqual({ id: converted });
  });

  it("a repeat request by the same person adds a lead, not a second account", async () => {
    const bg = withBackground(inquiry);
    const email = "repeat.visitor@example.com";
    // No phone, and the name typed differently the second time: the e-mail alone finds the account.
    for (const [fullName, ip] of [["Rita Repeat", "203.0.113.35"], ["Rita M. Repeat", "203.0.113.36"]]) {
      expect((await call(bg.fn, "POST", "/api/public/inquiry", { body: inquiryBody({ email, fullName }), ip })).status).toBe(200);
      await bg.settle();
    }
    const rows = (await db().query<{ crm_account_id: string; crm_lead_id: string }>("SELECT crm_account_id, crm_lead_id FROM leads WHERE email = $1", [email])).rows;
    expect(rows).toHaveLength(2);
    expect(rows[0].crm_account_id).toBe(rows[1].crm_account_id);
    expect(rows[0].crm_lead_id).not.toBe(rows[1].crm_lead_id);
    expect(zoho.records.Accounts.filter((a) => String(a.Description ?? "").includes(email))).toHaveLength(1);
    expect(zoho.records.Leads.filter((l) => l.Email === email).map((l) => l.Account)).toEqual([{ id: rows[0].crm_account_id }, { id: rows[0].crm_account_id }]);
  });

  it("with ZOHO_LEAD_ACCOUNT_FIELD 'none' the lead, named from the full name, carries no link (the deal still does)", async () => {
    const { id } = await newLead({ fullName: "Una van Linked" });
    expect(await syncLead(db(), id, zoho.config({ leadAccountField: null }))).toBe("synced");
    const ld = zoho.calls.find((c) => c.path === "/crm/v7/Leads")!.body.data[0];
    expect(ld).toMatchObject({ First_Name: "Una", Last_Name: "van Linked" });
    expect(Object.keys(ld)).not.toContain("Account");
    expect(zoho.calls.find((c) => c.path === "/crm/v7/Deals")!.body.data[0].Account_Name).toEqual({ id: (await lead(id)).crm_account_id });
  });
});

describe("an org that keeps account names unique", () => {
  let strict: FakeZoho;
  beforeAll(async () => {
    strict = await startFakeZoho({ uniqueAccountNames: true });
  });
  afterAll(() => strict.close());

  it("does not take a customer's account for a visitor of the same name: the new one is named with the e-mail", async () => {
    const customer = strict.add("Accounts", { Account_Name: "Sam Boater", Phone: "+12395550999" });
    const { id } = await newLead({ fullName: "Sam Boater", email: "sam.two@example.com" });
    await db().query("DELETE FROM crm_token");
    clearTokenMemory();
    expect(await syncLead(db(), id, strict.config())).toBe("synced");
    const row = await lead(id);
    expect(row.crm_account_id).not.toBe(customer);
    expect(strict.records.Accounts.find((a) => a.id === row.crm_account_id)!.Account_Name).toBe("Sam Boater (sam.two@example.com)");
    expect(strict.records.Accounts.find((a) => a.id === customer)).toEqual({ Account_Name: "Sam Boater", Phone: "+12395550999", id: customer });
  });
});

describe("failures are retried later and never duplicate a CRM record", () => {
  it.each([
    ["a 500 before anything was created", "500", /Accounts/],
    ["a 500 after the account was created", "500-after", /Accounts$/],
    ["a timeout after the account was created", "timeout-after", /Accounts$/],
    ["a 500 after the lead was created", "500-after", /Leads$/],
    ["a timeout after the lead was created", "timeout-after", /Leads$/],
    ["a 500 after the deal was created", "500-after", /Deals$/],
    ["a timeout after the deal was created", "timeout-after", /Deals$/],
  ] as const)("%s: the retry syncs it exactly once", async (_name, mode, path) => {
    const { id, email } = await newLead();
    zoho.failNext(1, mode, path);
    expect(await syncLead(db(), id, zoho.config())).toBe("failed");
    expect((await lead(id)).crm_state).toBe("failed");
    // Not due yet: the scheduled run leaves it alone.
    expect((await retryDueLeads(db(), { cfg: zoho.config() })).tried).toBe(0);
    await makeDue(id);
    const run = await retryDueLeads(db(), { cfg: zoho.config() });
    expect(run).toMatchObject({ tried: 1, synced: 1 });
    const row = await lead(id);
    expect(row).toMatchObject({ crm_state: "synced", attempts: 2, last_error: null });
    expect(recordsFor("Leads", id)).toBe(1);
    expect(recordsFor("Deals", id)).toBe(1);
    expect(recordsFor("Accounts", id)).toBe(1);
    expect(zoho.records.Leads.find((l) => l.Email === email)!.id).toBe(row.crm_lead_id);
    expect(zoho.records.Leads.find((l) => l.Email === email)!.Account).toEqual({ id: row.crm_account_id });
  });

  it("backs off exponentially between failed attempts", async () => {
    const { id } = await newLead();
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      zoho.failNext(1, "500");
      await makeDue(id);
      await retryDueLeads(db(), { cfg: zoho.config() });
      const r = await db().query<{ s: number }>("SELECT EXTRACT(EPOCH FROM next_attempt_at - now())::float8 AS s FROM leads WHERE id = $1", [id]);
      waits.push(Math.round(Number(r.rows[0].s) / 10) * 10);
    }
    expect(waits).toEqual([30, 60, 120]);
  });

  it("survives the database failing after the lead was stored: nothing lost, nothing duplicated", async () => {
    const { id } = await newLead();
    // The database goes away right after the CRM created the lead, before its id is saved.
    let down = false;
    const flaky: Db = {
      ...db(),
      driver: db().driver,
      tx: (fn) => db().tx(fn),
      close: () => Promise.resolve(),
      async query(sql, params) {
        if (down || /SET crm_lead_id/.test(sql)) {
          down = true;
          throw new Error("connection terminated unexpectedly");
        }
        return db().query(sql, params);
      },
    };
    expect(await syncLead(flaky, id, zoho.config(), createLogger("test"))).toBe("failed");
    const stuck = await lead(id);
    expect(stuck.crm_state).toBe("pending");
    expect(stuck.crm_lead_id).toBeNull();
    expect(recordsFor("Leads", id)).toBe(1);
    // Still claimed by the worker that died: nobody else syncs it until the lease runs out.
    expect((await retryDueLeads(db(), { cfg: zoho.config() })).tried).toBe(0);
    await db().query("UPDATE leads SET claimed_until = now() - interval '1 second' WHERE id = $1", [id]);
    expect((await retryDueLeads(db(), { cfg: zoho.config() })).synced).toBe(1);
    expect(await lead(id)).toMatchObject({ crm_state: "synced" });
    expect(recordsFor("Leads", id)).toBe(1);
    expect(recordsFor("Deals", id)).toBe(1);
  });

  it("two overlapping retry runs never sync the same lead twice", async () => {
    const ids = [];
    for (let i = 0; i < 12; i++) ids.push(await newLead({ crmEnabled: true }));
    await db().query("UPDATE leads SET crm_state = 'synced' WHERE id <> ALL($1::uuid[]) AND crm_state <> 'synced'", [ids.map((l) => l.id)]);
    const [a, b] = await Promise.all([
      retryDueLeads(db(), { cfg: zoho.config(), workers: 3 }),
      retryDueLeads(db(), { cfg: zoho.config(), workers: 3 }),
    ]);
    expect(a.tried + b.tried).toBe(12);
    expect(a.synced + b.synced).toBe(12);
    for (const l of ids) {
      expect(recordsFor("Leads", l.id)).toBe(1);
      expect(recordsFor("Deals", l.id)).toBe(1);
    }
    expect(zoho.calls.filter((c) => c.path === "/crm/v7/Leads")).toHaveLength(12);
  });

  it("the scheduled job syncs what is due and says what it did", async () => {
    await newLead();
    await makeDue();
    const line = await runCrmRetry(db(), createLogger("test"));
    expect(line).toMatch(/^CRM sync retry: [1-9]\d* tried, [1-9]\d* synced, 0 failed$/);
  });

  it("the whole scheduled job (leads, status changes, photos) keeps within one budget when Zoho hangs", async () => {
    const ids = [];
    for (let i = 0; i < 20; i++) ids.push((await newLead()).id);
    await makeDue();
    zoho.failFraction(1, "timeout"); // every CRM call hangs until ZOHO_TIMEOUT_MS (1 s here)
    const started = Date.now();
    const line = await runCrmJob(db(), createLogger("test"), 1_500);
    const took = Date.now() - started;
    // No new call after the budget; the calls in flight end by their 1 s timeout. (Each stage
    // with its own fixed deadline kept trying leads for 5 s here, and 34 s in production.)
    expect(took).toBeLessThan(1_500 + 1_000);
    const tried = Number(line.match(/^CRM sync retry: (\d+) tried/)?.[1]);
    expect(tried).toBeGreaterThan(0);
    expect(tried).toBeLessThan(20);
    expect(line).toMatch(/; status changes: \d+ tried, .*; photos: \d+ tried, \d+ attached, \d+ failed$/);
    // Out of the queue again, so later tests see only their own leads.
    await db().query("UPDATE leads SET crm_state = 'disabled' WHERE id = ANY($1)", [ids]);
  }, 15_000);
});

describe("OAuth token", () => {

  it("is refreshed once and reused by every later sync, across instances", async () => {
    const before = zoho.refreshes;
    for (let i = 0; i < 3; i++) await syncLead(db(), (await newLead()).id, zoho.config());
    clearTokenMemory(); // a new function instance: it finds the token in Postgres
    await syncLead(db(), (await newLead()).id, zoho.config());
    expect(zoho.refreshes - before).toBe(1);
    expect(new Set(zoho.calls.filter((c) => c.token).map((c) => c.token)).size).toBe(1);
  });

  it("is refreshed when it has expired", async () => {
    await syncLead(db(), (await newLead()).id, zoho.config());
    await db().query("UPDATE crm_token SET expires_at = now() - interval '1 minute'");
    clearTokenMemory();
    const before = zoho.refreshes;
    expect(await syncLead(db(), (await newLead()).id, zoho.config())).toBe("synced");
    expect(zoho.refreshes - before).toBe(1);
  });

  it("is replaced once when Zoho refuses it with 401, and the call goes through", async () => {
    await syncLead(db(), (await newLead()).id, zoho.config());
    zoho.revokeTokens();
    const before = zoho.refreshes;
    expect(await syncLead(db(), (await newLead()).id, zoho.config())).toBe("synced");
    expect(zoho.refreshes - before).toBe(1);
  });

  it("is never refreshed more than 9 times in 10 minutes (Zoho allows 10)", async () => {
    const before = zoho.refreshes;
    const outcomes = [];
    for (let i = 0; i < 11; i++) {
      zoho.revokeTokens();
      clearTokenMemory();
      await db().query("UPDATE crm_token SET expires_at = now() - interval '1 minute'");
      outcomes.push(await syncLead(db(), (await newLead()).id, zoho.config()));
    }
    expect(zoho.refreshes - before).toBe(9);
    expect(outcomes.filter((o) => o === "failed")).toHaveLength(2);
    const waiting = await db().query<{ last_error: string; s: number }>(
      "SELECT last_error, EXTRACT(EPOCH FROM next_attempt_at - now())::float8 AS s FROM leads WHERE crm_state = 'failed' ORDER BY created_at DESC LIMIT 1",
    );
    expect(waiting.rows[0].last_error).toMatch(/refresh limit/);
    expect(Number(waiting.rows[0].s)).toBeGreaterThan(60);
  });
});

describe("requeue (the admin's retry) and sync switched off", () => {
  it("keeps leads in Postgres as 'disabled' without Zoho settings", async () => {
    const { id } = await newLead({ crmEnabled: false });
    expect((await lead(id)).crm_state).toBe("disabled");
    expect(await syncLead(db(), id, null)).toBe("disabled");
    expect(await requeueLead(db(), id, null)).toBe("disabled");
  });

  it("puts a disabled or failed lead back in the queue, due now, and leaves a synced one alone", async () => {
    const off = await newLead({ crmEnabled: false });
    expect(await requeueLead(db(), off.id, zoho.config())).toBe("pending");
    expect((await retryDueLeads(db(), { cfg: zoho.config() })).synced).toBeGreaterThanOrEqual(1);
    expect((await lead(off.id)).crm_state).toBe("synced");
    const calls = zoho.calls.length;
    expect(await requeueLead(db(), off.id, zoho.config())).toBe("synced");
    expect(await syncLead(db(), off.id, zoho.config())).toBe("skipped");
    expect(zoho.calls.length).toBe(calls);
    expect(await requeueLead(db(), "00000000-0000-4000-8000-000000000000", zoho.config())).toBeNull();
  });

  it("leaves a lead held as spam held when the admin re-queues it: only 'Not spam' releases it (with its e-mails)", async () => {
    const s = await newLead({ spamReason: "too-fast" });
    expect(await syncLead(db(), s.id, zoho.config())).toBe("skipped");
    expect(await requeueLead(db(), s.id, zoho.config())).toBe("held");
    expect(await syncLead(db(), s.id, zoho.config())).toBe("skipped");
    expect((await db().query("SELECT spam_reason FROM leads WHERE id = $1", [s.id])).rows[0].spam_reason).toBe("too-fast");
  });
});
