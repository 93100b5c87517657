/**
 * Pushes one lead to Zoho CRM: account (only when a name was given: found by e-mail or phone, or
 * new; accounts.ts) → lead → deal (quote requests only), the lead and the deal linked to the
 * account. A step whose id is already known is skipped, and every new id is handed to `saved` at
 * once, so a retry never repeats a step. After an ambiguous failure (timeout, 5xx after a write)
 * a later attempt first looks the record up by the lead's reference instead of creating it again.
 * The caller keeps the ids and decides when to retry; this module stores nothing about leads.
 */
import type { Db } from "../db/index.ts";
import { createAccount, findAccount } from "./accounts.ts";
import type { ZohoConfig } from "./config.ts";
import { dealRecord, leadRecord, leadRef, type CrmLeadInput } from "./records.ts";
import { ZohoClient } from "./zoho.ts";

export interface CrmIds {
  accountId: string | null;
  leadId: string | null;
  dealId: string | null;
}

export interface PushOptions {
  /** An earlier attempt may have created a record without us learning its id. */
  mayExist: boolean;
  /** Called with each record's id as soon as the CRM names it. */
  saved: (step: keyof CrmIds, id: string) => Promise<void>;
}

/** Resolves with every id once all steps are done; throws a CrmError (or a network error) on the first failure. */
export async function pushLead(db: Db, cfg: ZohoConfig, lead: CrmLeadInput, known: CrmIds, opts: PushOptions): Promise<CrmIds> {
  const zoho = new ZohoClient(db, cfg);
  const ref = leadRef(lead.id);
  const ids = { ...known };
  if (!ids.accountId && lead.fullName.trim()) {
    const id =
      (opts.mayExist && (await zoho.findByRef("Accounts", ref, "Description"))) ||
      (await findAccount(zoho, lead, cfg.leadAccountField)) ||
      (await createAccount(zoho, lead));
    if (id) {
      ids.accountId = id;
      await opts.saved("accountId", id);
    }
  }
  if (!ids.leadId) {
    ids.leadId =
      (opts.mayExist && (await zoho.findByRef("Leads", ref, "Description"))) ||
      (await zoho.create("Leads", leadRecord(lead, { id: ids.accountId, field: cfg.leadAccountField })));
    await opts.saved("leadId", ids.leadId);
  }
  if (lead.kind === "quote" && !ids.dealId) {
    ids.dealId =
      (opts.mayExist && (await zoho.findByRef("Deals", ref, "Deal_Name"))) || (await zoho.create("Deals", dealRecord(lead, cfg.dealStage, ids.accountId)));
    await opts.saved("dealId", ids.dealId);
  }
  return ids;
}
