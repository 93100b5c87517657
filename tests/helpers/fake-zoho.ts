/**
 * A fake Zoho (accounts server + CRM API v7: Accounts, Leads, Deals, and Events linked to a deal) on a
 * loopback port, for tests and the benchmark.
 * It records every call, keeps the records it "created", and fails on demand:
 *   - "500": answers 500 without doing anything
 *   - "500-after": does the work, then answers 500 (the client cannot know it worked)
 *   - "timeout": never answers in time, does nothing
 *   - "timeout-after": does the work, then never answers in time
 * Failures apply to CRM calls only (not token refreshes) unless `failTokens` is set.
 * Search answers `word` (any field contains it) and `criteria` (`(Field:equals:value)` joined by
 * `or`/`and`, values escaped with a backslash), where `equals` matches like `contains`, as Zoho's
 * own docs say it does. A lead needs Last_Name, an account Account_Name (MANDATORY_NOT_FOUND);
 * `uniqueAccountNames` makes a second account of the same name a DUPLICATE_DATA, as an org can.
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { ZohoConfig } from "../../src/server/crm/config.ts";

export type FailMode = "500" | "500-after" | "timeout" | "timeout-after";
export interface ZohoCall {
  method: string;
  path: string;
  body: any;
  token: string | null;
  failed: FailMode | null;
}
type Rec = Record<string, any> & { id: string };
/** A file attached to a record (Attachments API): its parent, name, size and sha256. */
export interface Attachment {
  id: string;
  module: string;
  parentId: string;
  File_Name: string;
  Size: string;
  sha256: string;
  contentType: string;
}

export interface FakeZoho {
  url: string;
  calls: ZohoCall[];
  records: { Accounts: Rec[]; Leads: Rec[]; Deals: Rec[]; Events: Rec[] };
  /** Files attached with POST /{module}/{id}/Attachments (multipart `file`). */
  attachments: Attachment[];
  /** Token refreshes answered with a token. */
  refreshes: number;
  /** The next `n` CRM calls (or those matching `path`) fail with `mode`. */
  failNext(n: number, mode: FailMode, path?: RegExp): void;
  /** Every CRM call fails with probability `fraction`. */
  failFraction(fraction: number, mode: FailMode | FailMode[]): void;
  heal(): void;
  /** Makes every issued access token invalid (the API answers 401 INVALID_TOKEN). */
  revokeTokens(): void;
  /** Puts a record in the CRM as a salesperson would (no call recorded); returns its id. */
  add(module: "Accounts" | "Leads" | "Deals" | "Events", fields: Record<string, any>): string;
  config(overrides?: Partial<ZohoConfig>): ZohoConfig;
  close(): Promise<void>;
}

export const FAKE_CLIENT = { clientId: "fake-client", clientSecret: "fake-secret", refreshToken: "fake-refresh" };

/** The conditions of a search criteria and how they are joined. */
function parseCriteria(criteria: string): { join: "and" | "or"; conditions: { field: string; op: string; value: string }[] } {
  const conditions = [...criteria.matchAll(/\((\w+):(\w+):((?:\\.|[^\\()])*)\)/g)].map((m) => ({ field: m[1], op: m[2], value: m[3].replace(/\\(.)/g, "$1") }));
  return { join: /\)and\(/i.test(criteria) ? "and" : "or", conditions };
}

function matches(rec: Record<string, any>, c: { field: string; op: string; value: string }): boolean {
  const v = rec[c.field];
  if (typeof v !== "string") return false;
  if (c.op === "equals") return v.toLowerCase().includes(c.value.toLowerCase());
  if (c.op === "starts_with") return v.toLowerCase().startsWith(c.value.toLowerCase());
  return false;
}

// An event (a site visit, issue 35) needs its title and both times; it links to a deal by What_Id + $se_module.
const MANDATORY: Record<string, string[]> = { Accounts: ["Account_Name"], Leads: ["Last_Name"], Deals: ["Deal_Name", "Stage"], Events: ["Event_Title", "Start_DateTime", "End_DateTime"] };

export async function startFakeZoho(opts: { hangMs?: number; failTokens?: boolean; tokenSeconds?: number; uniqueAccountNames?: boolean } = {}): Promise<FakeZoho> {
  const hangMs = opts.hangMs ?? 2_000;
  const calls: ZohoCall[] = [];
  const records = { Accounts: [] as Rec[], Leads: [] as Rec[], Deals: [] as Rec[], Events: [] as Rec[] };
  const attachments: Attachment[] = [];
  const valid = new Set<string>();
  let plan: { n: number; mode: FailMode; path?: RegExp } | null = null;
  let fraction: { p: number; modes: FailMode[] } | null = null;
  let seq = 0;
  let refreshes = 0;
  const timers = new Set<NodeJS.Timeout>();

  const pickFailure = (path: string, isToken: boolean): FailMode | null => {
    if (isToken && !opts.failTokens) return null;
    if (plan && plan.n > 0 && (!plan.path || plan.path.test(path))) {
      plan.n--;
      return plan.mode;
    }
    if (fraction && Math.random() < fraction.p) return fraction.modes[Math.floor(Math.random() * fraction.modes.length)];
    return null;
  };

  const send = (res: ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };

  const work = (req: IncomingMessage, url: URL, body: any, token: string | null): [number, unknown?] => {
    if (url.pathname === "/oauth/v2/token") {
      const p = url.searchParams.size ? url.searchParams : new URLSearchParams(typeof body === "string" ? body : "");
      const ok = p.get("client_id") === FAKE_CLIENT.clientId && p.get("client_secret") === FAKE_CLIENT.clientSecret && p.get("refresh_token") === FAKE_CLIENT.refreshToken;
      if (!ok) return [200, { error: "invalid_client" }];
      refreshes++;
      const t = `tok-${refreshes}-${Math.random().toString(36).slice(2, 8)}`;
      valid.add(t);
      return [200, { access_token: t, api_domain: "http://fake", token_type: "Bearer", expires_in: opts.tokenSeconds ?? 3600 }];
    }
    if (!token || !valid.has(token)) return [401, { code: "INVALID_TOKEN", message: "invalid oauth token", status: "error" }];
    const att = url.pathname.match(/^\/crm\/v7\/(Accounts|Leads|Deals)\/(\d+)\/Attachments$/);
    if (att) {
      const [, module, parentId] = att;
      if (!records[module as keyof typeof records].some((r) => r.id === parentId)) return [400, { code: "INVALID_DATA", message: "the related id given seems to be invalid", status: "error" }];
      if (req.method === "GET") {
        const mine = attachments.filter((a) => a.module === module && a.parentId === parentId);
        return mine.length ? [200, { data: mine.map((a) => ({ id: a.id, File_Name: a.File_Name, Size: a.Size })), info: { count: mine.length } }] : [204];
      }
      const file = body instanceof Map ? body.get("file") : undefined;
      if (req.method !== "POST" || !file) return [400, { code: "REQUIRED_PARAM_MISSING", message: "file is missing", status: "error" }];
      const id = String(4_000_000_000_000 + ++seq);
      attachments.push({ id, module, parentId, File_Name: file.name, Size: String(file.bytes.length), sha256: createHash("sha256").update(file.bytes).digest("hex"), contentType: file.type });
      return [200, { data: [{ code: "SUCCESS", details: { id, Created_Time: new Date().toISOString() }, message: "attachment uploaded successfully", status: "success" }] }];
    }
    const m = url.pathname.match(/^\/crm\/v7\/(Accounts|Leads|Deals|Events)(\/upsert|\/search|\/\d+)?$/);
    if (!m) return [404, { code: "INVALID_URL_PATTERN" }];
    const list = records[m[1] as keyof typeof records];
    if (m[2] && /^\/\d+$/.test(m[2])) {
      // Update one record (PUT /{module}/{id}).
      const rec = list.find((r) => r.id === m[2].slice(1));
      if (req.method !== "PUT" || !Array.isArray(body?.data) || !body.data[0]) return [400, { code: "INVALID_DATA" }];
      if (!rec) return [200, { data: [{ code: "INVALID_DATA", details: { id: m[2].slice(1) }, message: "the id given seems to be invalid", status: "error" }] }];
      Object.assign(rec, body.data[0]);
      return [200, { data: [{ code: "SUCCESS", action: "update", details: { id: rec.id }, message: "record updated", status: "success" }] }];
    }
    if (m[2] === "/search" && req.method === "GET") {
      const criteria = url.searchParams.get("criteria");
      let found: Rec[];
      if (criteria !== null) {
        const { join, conditions } = parseCriteria(criteria);
        if (!conditions.length || conditions.length > 10) return [400, { code: "INVALID_QUERY", message: "invalid query formed", status: "error" }];
        found = list.filter((r) => (join === "and" ? conditions.every((c) => matches(r, c)) : conditions.some((c) => matches(r, c))));
      } else {
        const word = url.searchParams.get("word") ?? "";
        found = list.filter((r) => Object.values(r).some((v) => typeof v === "string" && v.includes(word)));
      }
      return found.length ? [200, { data: found, info: { count: found.length } }] : [204];
    }
    if (req.method !== "POST" || !Array.isArray(body?.data) || !body.data[0]) return [400, { code: "INVALID_DATA" }];
    const fields = body.data[0];
    const missing = MANDATORY[m[1]].find((f) => typeof fields[f] !== "string" || !fields[f].trim());
    if (missing) return [400, { data: [{ code: "MANDATORY_NOT_FOUND", details: { api_name: missing }, message: "required field not found", status: "error" }] }];
    if (m[1] === "Events" && fields.What_Id && !records.Deals.some((d) => d.id === fields.What_Id?.id)) {
      return [400, { data: [{ code: "INVALID_DATA", details: { api_name: "What_Id" }, message: "the related id given seems to be invalid", status: "error" }] }];
    }
    if (m[1] === "Accounts" && !m[2] && opts.uniqueAccountNames) {
      const same = list.find((r) => r.Account_Name === fields.Account_Name);
      if (same) return [400, { data: [{ code: "DUPLICATE_DATA", details: { api_name: "Account_Name", id: same.id }, message: "duplicate data", status: "error" }] }];
    }
    if (m[2] === "/upsert") {
      const key = body.duplicate_check_fields?.[0];
      const existing = key ? list.find((r) => r[key] === fields[key]) : undefined;
      if (existing) {
        Object.assign(existing, fields);
        return [200, { data: [{ code: "SUCCESS", action: "update", details: { id: existing.id }, message: "record updated", status: "success" }] }];
      }
    }
    const id = String(4_000_000_000_000 + ++seq);
    list.push({ ...fields, id });
    return [201, { data: [{ code: "SUCCESS", action: "insert", details: { id }, message: "record added", status: "success" }] }];
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const buffer = Buffer.concat(chunks);
      const raw = buffer.toString();
      let body: any = raw;
      try {
        body = raw && req.headers["content-type"]?.includes("json") ? JSON.parse(raw) : raw;
      } catch {}
      if (req.headers["content-type"]?.startsWith("multipart/form-data")) {
        // A multipart upload: its files by field name (name, type, bytes).
        const form = await new Response(buffer, { headers: { "content-type": req.headers["content-type"] } }).formData().catch(() => null);
        body = new Map<string, { name: string; type: string; bytes: Buffer }>();
        for (const [k, v] of form?.entries() ?? []) if (typeof v !== "string") body.set(k, { name: v.name, type: v.type, bytes: Buffer.from(await v.arrayBuffer()) });
      }
      const token = req.headers.authorization?.replace(/^Zoho-oauthtoken /, "") ?? null;
      const failed = pickFailure(url.pathname, url.pathname.startsWith("/oauth"));
      calls.push({ method: req.method ?? "", path: url.pathname + url.search, body, token, failed });
      const later = (fn: () => void) => {
        const t = setTimeout(() => {
          timers.delete(t);
          fn();
        }, hangMs);
        timers.add(t);
      };
      if (failed === "500") return send(res, 500, { code: "INTERNAL_ERROR" });
      if (failed === "timeout") return later(() => send(res, 500, { code: "TOO_LATE" }));
      const [status, answer] = work(req, url, body, token);
      if (failed === "500-after") return send(res, 500, { code: "INTERNAL_ERROR" });
      if (failed === "timeout-after") return later(() => send(res, status, answer));
      send(res, status, answer);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    calls,
    records,
    attachments,
    get refreshes() {
      return refreshes;
    },
    failNext(n, mode, path) {
      plan = { n, mode, path };
    },
    failFraction(p, modes) {
      fraction = { p, modes: Array.isArray(modes) ? modes : [modes] };
    },
    heal() {
      plan = null;
      fraction = null;
    },
    revokeTokens() {
      valid.clear();
    },
    add(module, fields) {
      const id = String(4_000_000_000_000 + ++seq);
      records[module].push({ ...fields, id });
      return id;
    },
    config(overrides = {}) {
      return { ...FAKE_CLIENT, accountsUrl: url, apiUrl: url, dealStage: "Qualification", timeoutMs: 1_000, leadAccountField: "Account", ...overrides };
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
