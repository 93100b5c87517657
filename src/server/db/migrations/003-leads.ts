// Quote requests and product inquiries, stored before anything else happens, with their CRM sync
// state; plus the shared Zoho access token so every function instance reuses one.
export default {
  id: "003-leads",
  sql: `
CREATE TABLE leads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('quote','inquiry')),
  full_name text NOT NULL DEFAULT '',
  first_name text NOT NULL,
  last_name text NOT NULL DEFAULT '',
  email text NOT NULL,
  phone text NOT NULL DEFAULT '',
  address text NOT NULL DEFAULT '',
  subject text NOT NULL DEFAULT '',
  message text NOT NULL DEFAULT '',
  product_id text,
  product_name text,
  source_page text,
  referrer text,
  utm jsonb NOT NULL DEFAULT '{}'::jsonb,
  user_agent text,
  ip_hash text,
  spam_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  crm_state text NOT NULL CHECK (crm_state IN ('pending','synced','failed','disabled')),
  crm_account_id text,
  crm_lead_id text,
  crm_deal_id text,
  crm_synced_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  claimed_until timestamptz,
  last_error text
);
CREATE INDEX leads_created_idx ON leads (created_at DESC);
CREATE INDEX leads_due_idx ON leads (next_attempt_at) WHERE crm_state IN ('pending','failed');

CREATE TABLE crm_token (
  provider text PRIMARY KEY,
  access_token text NOT NULL,
  api_domain text,
  expires_at timestamptz NOT NULL,
  refreshed_at timestamptz NOT NULL DEFAULT now()
);
`,
};
