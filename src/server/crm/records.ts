/**
 * Zoho records built from a lead: a new account (named after the full name), the lead (fields
 * derived in derive.ts) and, for quote requests, the deal; the lead and the deal point at the
 * account. Each record carries the lead's reference so a retry after an ambiguous failure can find
 * it instead of creating it twice.
 */
import { UTM_KEYS, type LeadDetails } from "../../lib/contracts/lead.ts";
import { crmPhone, deriveLead } from "./derive.ts";

/** What the CRM needs to know about a lead: plain values, whoever stores them. */
export interface CrmLeadInput extends LeadDetails {
  /** The website's id of the lead (its reference in the CRM is made from it). */
  id: string;
  productId: string | null;
  sourcePage: string | null;
  referrer: string | null;
  utm: Record<string, string>;
  /** The /estimate estimate the request came with, in plain lines (issue 36), or none. */
  estimate?: string[] | null;
  /** The language of the page it was sent from (issue 37): the office answers in it. */
  language?: "en" | "es";
  /** The job's amount in dollars, once the office quoted or won it (issue 39): the deal's Amount. */
  amount?: number | null;
}

/** "WL" + the lead's uuid without dashes: one word, so Zoho's word search finds it. */
export const leadRef = (id: string) => `WL${id.replace(/-/g, "")}`;

/**
 * A new account for the visitor. `withEmail`: the name with the e-mail after it, for an org that
 * keeps account names unique and already has one by this name (someone else's: never reused).
 */
export function accountRecord(lead: CrmLeadInput, opts: { withEmail?: boolean } = {}) {
  const name = lead.fullName.trim();
  const r: Record<string, unknown> = {
    Account_Name: (opts.withEmail ? `${name} (${lead.email})` : name).slice(0, 200),
    Description: `Created from a website lead by ${lead.email}.\nWebsite lead ref: ${leadRef(lead.id)}`,
  };
  if (lead.phone) r.Phone = crmPhone(lead);
  return r;
}

/** `account`: the lead's account and the Leads lookup field that holds it (config.ts), when both are known. */
export function leadRecord(lead: CrmLeadInput, account: { id: string | null; field: string | null } = { id: null, field: null }) {
  const d = deriveLead(lead);
  const r: Record<string, unknown> = {
    Email: d.email,
    First_Name: d.firstName.slice(0, 40),
    Last_Name: d.lastName.slice(0, 80),
    Company: d.company,
    Lead_Source: d.leadSource,
    Phone: d.phone,
    Description: describeLead(lead),
  };
  if (lead.address) r.Street = lead.address.slice(0, 250);
  if (account.id && account.field) r[account.field] = { id: account.id };
  return r;
}

export function dealRecord(lead: CrmLeadInput, stage: string, accountId: string | null) {
  const ref = leadRef(lead.id);
  const head = `${lead.subject || "Quote request"} - ${lead.fullName || lead.email}`;
  const r: Record<string, unknown> = {
    Deal_Name: `${head.slice(0, 120 - ref.length - 3)} [${ref}]`,
    Stage: stage,
    Lead_Source: deriveLead(lead).leadSource,
    Description: describeLead(lead),
  };
  if (accountId) r.Account_Name = { id: accountId };
  if (lead.amount != null) r.Amount = lead.amount;
  return r;
}

/** Everything the office needs to know, in the CRM record's description. */
export function describeLead(lead: CrmLeadInput): string {
  const utm = UTM_KEYS.filter((k) => lead.utm?.[k])
    .map((k) => `${k}=${lead.utm[k]}`)
    .join(", ");
  return [
    lead.kind === "quote" ? `Quote request: ${lead.subject}` : `Product inquiry: ${lead.subject}`,
    ...(lead.estimate ?? []),
    lead.productId && `Product: ${lead.productName || "(unnamed)"} (id ${lead.productId})`,
    `Language: ${lead.language === "es" ? "Spanish (sent from the Spanish site: answer in Spanish)" : "English"}`,
    lead.message && `${lead.kind === "quote" ? "Project details" : "Message"}: ${lead.message}`,
    lead.address && `Property address: ${lead.address}`,
    lead.sourcePage && `Page: ${lead.sourcePage}`,
    lead.referrer && `Referrer: ${lead.referrer}`,
    utm && `UTM: ${utm}`,
    `Website lead ref: ${leadRef(lead.id)}`,
  ]
    .filter(Boolean)
    .join("\n")
    .slice(-32000);
}
