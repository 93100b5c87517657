import { deploySettings } from "../settings/context.ts";

/** Zoho CRM settings from the environment; null (sync off, leads stay in Postgres) without them. */
export interface ZohoConfig {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  /** The region's accounts server, e.g. https://accounts.zoho.eu. */
  accountsUrl: string;
  /** The region's API server, e.g. https://www.zohoapis.eu. */
  apiUrl: string;
  /** Stage of the deal created for a quote request. */
  dealStage: string;
  /** Every CRM request is abandoned after this long (the retry picks it up). */
  timeoutMs: number;
  /**
   * API name of the lookup field (to Accounts) on Leads that links a lead to its account, or null
   * to leave leads unlinked. Zoho Leads have no standard account lookup (only after conversion),
   * so the office adds one (Setup → Modules and Fields → Leads → Lookup to Accounts).
   */
  leadAccountField: string | null;
}

export const DEFAULT_DEAL_STAGE = "Qualification";
/** The API name Zoho gives a custom lookup field labelled "Account". */
export const DEFAULT_LEAD_ACCOUNT_FIELD = "Account";

/** Null as well on a preview or branch deploy, unless ZOHO_ON_PREVIEW=true (settings/context.ts). */
export function zohoFromEnv(env: NodeJS.ProcessEnv = process.env): ZohoConfig | null {
  const { ZOHO_CLIENT_ID: clientId, ZOHO_CLIENT_SECRET: clientSecret, ZOHO_REFRESH_TOKEN: refreshToken } = env;
  if (!clientId || !clientSecret || !refreshToken) return null;
  if (!deploySettings(env).crm.allowed) return null;
  return {
    clientId,
    clientSecret,
    refreshToken,
    accountsUrl: (env.ZOHO_ACCOUNTS_URL || "https://accounts.zoho.com").replace(/\/+$/, ""),
    apiUrl: (env.ZOHO_API_URL || "https://www.zohoapis.com").replace(/\/+$/, ""),
    dealStage: env.ZOHO_DEAL_STAGE || DEFAULT_DEAL_STAGE,
    timeoutMs: Number(env.ZOHO_TIMEOUT_MS) > 0 ? Number(env.ZOHO_TIMEOUT_MS) : 10_000,
    leadAccountField: leadAccountField(env.ZOHO_LEAD_ACCOUNT_FIELD),
  };
}

/** ZOHO_LEAD_ACCOUNT_FIELD: empty → the default; "none" → leads are not linked; else the field's API name. */
function leadAccountField(value: string | undefined): string | null {
  const v = (value ?? "").trim();
  if (!v) return DEFAULT_LEAD_ACCOUNT_FIELD;
  return v.toLowerCase() === "none" ? null : v;
}
