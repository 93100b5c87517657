/**
 * Zoho records built from a stored lead: the account (from the full name), the lead (fields
 * derived per spec §5) and, for quote requests, the deal. Each lead and deal carries the lead's
 * reference so a retry after an ambiguous failure can find it instead of creating it twice.
 */
import { deriveLead } from "../leads/derive.ts";
import type { LeadRow } from "../leads/store.ts";

/** "WL" + the lead's uuid without dashes: one word, so Zoho's word search finds it. */
export const leadRef = (id: string) => `WL${id.replace(/-/g, "")}`;

export function accountRecord(lead: LeadRow) {
  const r: Record<string, unknown> = { Account_Name: lead.full_name.slice(0, 200) };
  if (lead.phone) r.Phone = lead.phone;
  return r;
}

export function leadRecord(lead: LeadRow) {
  const d = deriveLead({ email: lead.email, fullName: lead.full_name, phone: lead.phone });
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
  return r;
}

export function dealRecord(lead: LeadRow, stage: string) {
  const ref = leadRef(lead.id);
  const head = `${lead.subject || "Quote request"} - ${lead.full_name || lead.email}`;
  const r: Record<string, unknown> = {
    Deal_Name: `${head.slice(0, 120 - ref.length - 3)} [${ref}]`,
    Stage: stage,
    Lead_Source: deriveLead(lead).leadSource,
    Description: describeLead(lead),
  };
  if (lead.crm_account_id) r.Account_Name = { id: lead.crm_account_id };
  return r;
}

const UTM_ORDER = ["source", "medium", "campaign", "term", "content"];

/** Everything the office needs to know, in the CRM record's description. */
export function describeLead(lead: LeadRow): string {
  const utm = UTM_ORDER.filter((k) => lead.utm?.[k])
    .map((k) => `${k}=${lead.utm[k]}`)
    .join(", ");
  return [
    lead.kind === "quote" ? `Quote request: ${lead.subject}` : `Product inquiry: ${lead.subject}`,
    lead.product_id && `Product: ${lead.product_name || "(unnamed)"} (id ${lead.product_id})`,
    lead.message && `Message: ${lead.message}`,
    lead.address && `Property address: ${lead.address}`,
    lead.source_page && `Page: ${lead.source_page}`,
    lead.referrer && `Referrer: ${lead.referrer}`,
    utm && `UTM: ${utm}`,
    `Website lead ref: ${leadRef(lead.id)}`,
  ]
    .filter(Boolean)
    .join("\n")
    .slice(-32000);
}
