/**
 * Which Zoho account a website lead belongs to. What a visitor types is anonymous, so it never
 * changes an account (no upsert, no update): the lead and its deal are only linked, to
 *   1. the account of an earlier lead with the visitor's exact e-mail: the account our Leads lookup
 *      field points at (config.ts), or the one a salesperson converted that lead into
 *      (Converted_Account). Accounts have no standard e-mail field, so the e-mail is matched
 *      through the leads, where Zoho keeps it;
 *   2. else an account whose Phone is exactly the visitor's number (same E.164 and extension,
 *      however either was written);
 *   3. else a new account named after the visitor.
 * Zoho's search `equals` matches like `contains` (its docs say so), so every hit is checked here.
 */
import { parsePhone, samePhone, writtenForms } from "../phone/parse.ts";
import { accountRecord, type CrmLeadInput } from "./records.ts";
import type { ZohoClient } from "./zoho.ts";

/** A criteria value, escaped as Zoho asks: a backslash before ( ) , and \ (the whole criteria is URL-encoded). */
const value = (v: string) => v.replace(/[\\(),]/g, (c) => `\\${c}`);
/** One condition, or several joined by `or` (Zoho takes at most 10). */
const anyOf = (field: string, values: string[]) => {
  const conditions = values.slice(0, 10).map((v) => `(${field}:equals:${value(v)})`);
  return conditions.length === 1 ? conditions[0] : `(${conditions.join("or")})`;
};
/** The id of a lookup field's value (`{ name, id }`), if it has one. */
const idOf = (lookup: unknown): string | null => {
  const id = lookup && typeof lookup === "object" ? (lookup as { id?: unknown }).id : null;
  return typeof id === "string" || typeof id === "number" ? String(id) : null;
};

export async function findAccount(zoho: ZohoClient, lead: CrmLeadInput, lookupField: string | null): Promise<string | null> {
  const email = lead.email.trim().toLowerCase();
  if (email) {
    const leads = await zoho.search("Leads", anyOf("Email", [lead.email.trim()]), { converted: true });
    for (const r of leads) {
      if (typeof r.Email !== "string" || r.Email.trim().toLowerCase() !== email) continue;
      const id = (lookupField && idOf(r[lookupField])) || idOf(r.Converted_Account);
      if (id) return id;
    }
  }
  const phone = lead.phoneE164 ? { e164: lead.phoneE164, ext: lead.phoneExt } : lead.phone ? parsePhone(lead.phone) : null;
  if (phone) {
    const forms = [...new Set([...writtenForms(phone), lead.phone.trim()].filter(Boolean))];
    const accounts = await zoho.search("Accounts", anyOf("Phone", forms));
    const hit = accounts.find((a) => samePhone(phone, a.Phone));
    if (hit) return idOf(hit);
  }
  return null;
}

/**
 * A new account for the visitor. An org that keeps account names unique answers DUPLICATE_DATA
 * when a customer already has this name: that account is not the visitor's, so the new one is
 * named with the e-mail as well ("Ann Anchor (ann@example.com)"); an account by that name was made
 * for this very e-mail, so it is the visitor's. Null only if Zoho refuses both.
 */
export async function createAccount(zoho: ZohoClient, lead: CrmLeadInput): Promise<string | null> {
  return (await zoho.createAccount(accountRecord(lead), false)) ?? (await zoho.createAccount(accountRecord(lead, { withEmail: true }), true));
}
