/**
 * The few Zoho CRM (API v7) calls lead sync needs: create an account, a lead, a deal or an event; search
 * records by criteria; find a record we may already have created (by the lead reference we write
 * into it); attach a lead's photos and find an attachment we may already have made (by its file name).
 * https://www.zoho.com/crm/developer/docs/api/v7/insert-records.html
 * https://www.zoho.com/crm/developer/docs/api/v7/search-records.html
 */
import type { Db } from "../db/index.ts";
import type { ZohoConfig } from "./config.ts";
import { CrmError } from "./errors.ts";
import { accessToken } from "./token.ts";

export type Module = "Accounts" | "Leads" | "Deals" | "Events";
type Record_ = Record<string, unknown>;

interface WriteAnswer {
  data?: { code?: string; status?: string; message?: string; details?: { id?: string } }[];
}

export class ZohoClient {
  constructor(
    private readonly db: Db,
    private readonly cfg: ZohoConfig,
  ) {}

  /**
   * Creates a lead, a deal or an event (a site visit, issue 35); returns its id (`data[0].details.id`).
   * Zoho's duplicate check (an org may make a lead's e-mail unique) answers DUPLICATE_DATA with the
   * record it met: that one is ours too.
   */
  create(module: "Leads" | "Deals" | "Events", fields: Record_): Promise<string> {
    return this.write(module, { data: [fields] }, true);
  }

  /**
   * Creates an account; returns its id. Never an upsert: anonymous input must not change an
   * existing account. When the org keeps account names unique and one by this name exists
   * (DUPLICATE_DATA), that account is taken only if `duplicateIsOurs`, else the answer is null.
   */
  async createAccount(fields: Record_, duplicateIsOurs: boolean): Promise<string | null> {
    try {
      return await this.write("Accounts", { data: [fields] }, duplicateIsOurs);
    } catch (e) {
      if (e instanceof CrmError && e.info.code === "DUPLICATE_DATA") return null;
      throw e;
    }
  }

  /**
   * Records of `module` matching `criteria` (`(Email:equals:x)or(…)`; at most 10 conditions).
   * Zoho's `equals` matches like `contains`, so the caller checks each hit itself. `converted`:
   * converted leads too (their account is in Converted_Account). First page (200) only.
   */
  async search(module: Module, criteria: string, opts: { converted?: boolean } = {}): Promise<Record_[]> {
    const res = await this.request("GET", `${module}/search?criteria=${encodeURIComponent(criteria)}${opts.converted ? "&converted=both" : ""}&per_page=200`);
    if (res.status === 204) return [];
    return (res.body as { data?: Record_[] }).data ?? [];
  }

  /** Changes fields of one record. A PUT sets values, so a retry after a timeout changes nothing more. */
  async update(module: Module, id: string, fields: Record_): Promise<void> {
    const res = await this.request("PUT", `${module}/${encodeURIComponent(id)}`, { data: [fields] });
    const first = (res.body as WriteAnswer).data?.[0];
    if (first?.status !== "success") throw new CrmError(`Zoho ${module} update refused: ${first?.code ?? "no code"} ${first?.message ?? ""}`.trim(), { status: res.status });
  }

  /** The id of a record of `module` whose `field` contains `ref`, found by Zoho's word search. */
  async findByRef(module: Module, ref: string, field: string): Promise<string | null> {
    const res = await this.request("GET", `${module}/search?word=${encodeURIComponent(ref)}`);
    if (res.status === 204) return null;
    const body = res.body as { data?: Record_[] };
    const hit = body.data?.find((r) => typeof r[field] === "string" && (r[field] as string).includes(ref));
    return hit && typeof hit.id === "string" ? hit.id : null;
  }

  /**
   * Attaches a file to a record (Attachments API: POST /{module}/{id}/Attachments, multipart field
   * `file`); returns the attachment's id (`data[0].details.id`). Not idempotent: see photo-sync.ts.
   * https://www.zoho.com/crm/developer/docs/api/v7/upload-attachment.html
   */
  async attach(module: Module, recordId: string, file: { name: string; type: string; bytes: Uint8Array }): Promise<string> {
    const form = new FormData();
    form.append("file", new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type }), file.name);
    const res = await this.request("POST", `${module}/${encodeURIComponent(recordId)}/Attachments`, form);
    const first = (res.body as WriteAnswer).data?.[0];
    const id = first?.details?.id;
    if (id && first?.status === "success") return String(id);
    throw new CrmError(`Zoho ${module} attachment refused: ${first?.code ?? "no code"} ${first?.message ?? ""}`.trim(), { status: res.status });
  }

  /** The id of the record's attachment named `fileName`, if there is one (Get Attachments, first 200). */
  async findAttachment(module: Module, recordId: string, fileName: string): Promise<string | null> {
    const res = await this.request("GET", `${module}/${encodeURIComponent(recordId)}/Attachments?fields=id,File_Name&per_page=200`);
    if (res.status === 204) return null;
    const hit = (res.body as { data?: Record_[] }).data?.find((a) => a.File_Name === fileName);
    return hit && (typeof hit.id === "string" || typeof hit.id === "number") ? String(hit.id) : null;
  }

  private async write(path: string, payload: unknown, duplicateIsOurs: boolean): Promise<string> {
    const res = await this.request("POST", path, payload);
    const first = (res.body as WriteAnswer).data?.[0];
    const id = first?.details?.id;
    if (id && (first?.status === "success" || (duplicateIsOurs && first?.code === "DUPLICATE_DATA"))) return String(id);
    throw new CrmError(`Zoho ${path} refused the record: ${first?.code ?? "no code"} ${first?.message ?? ""}`.trim(), { status: res.status, code: first?.code });
  }

  private async request(method: "GET" | "POST" | "PUT", path: string, payload?: unknown, retried = false): Promise<{ status: number; body: unknown }> {
    const token = await accessToken(this.db, this.cfg);
    let res: Response;
    try {
      // A FormData body (an attachment) sets its own multipart Content-Type with the boundary.
      const form = payload instanceof FormData;
      res = await fetch(`${this.cfg.apiUrl}/crm/v7/${path}`, {
        method,
        headers: { Authorization: `Zoho-oauthtoken ${token}`, ...(payload && !form ? { "Content-Type": "application/json" } : {}) },
        body: form ? payload : payload ? JSON.stringify(payload) : undefined,
        signal: AbortSignal.timeout(this.cfg.timeoutMs),
      });
    } catch (e) {
      const timedOut = e instanceof Error && (e.name === "TimeoutError" || e.name === "AbortError");
      throw new CrmError(`Zoho ${method} ${path} ${timedOut ? `timed out after ${this.cfg.timeoutMs} ms` : `failed: ${e instanceof Error ? e.message : e}`}`, {
        ambiguous: method === "POST",
      });
    }
    const text = await res.text().catch(() => "");
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      body = {};
    }
    if (res.status === 401 && !retried) {
      // The cached token was revoked or expired early: get a new one once, then try again.
      await accessToken(this.db, this.cfg, token);
      return this.request(method, path, payload, true);
    }
    // Zoho's duplicate check names the record it met, whatever the HTTP status: write() decides.
    if ((body as WriteAnswer).data?.[0]?.code === "DUPLICATE_DATA") return { status: res.status, body };
    if (res.status >= 400) {
      // A refused write names its reason per record (data[0].code); other errors at the top.
      const code = (body as { code?: string }).code ?? (body as WriteAnswer).data?.[0]?.code ?? "";
      const retryAfter = Number(res.headers.get("retry-after")) || undefined;
      throw new CrmError(`Zoho ${method} ${path} answered HTTP ${res.status}${code ? ` ${code}` : ""}`, {
        status: res.status,
        ambiguous: method === "POST" && res.status >= 500,
        retryAfterSeconds: retryAfter,
        code: code || undefined,
      });
    }
    return { status: res.status, body };
  }
}
