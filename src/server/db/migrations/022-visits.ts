// Issue 35 (decision 18): the free site visit, booked online or by the office.
//
// visit_settings: one row, the office's hours, days off, visit length and travel buffer, the most
//   visits a day, the booking window and the service area's ZIP codes (src/server/visits/settings.ts);
//   visit_settings_history keeps every saved version, who and when.
// visits: one per booked visit, linked to its lead. The exclusion constraint visits_no_overlap is
//   what makes a double booking impossible: no two visits that are not cancelled may overlap in their
//   time on site and travel buffer [starts_at, blocked_until), whoever commits first. local_date is
//   the visit's date in Cape Coral (the day it counts against). manage_nonce: the one visitor link
//   that still works (a secret: the link is a signed token naming it; each use replaces it).
//   reminder_due_at: 9:00 local the day before, claimed once by the mail job (reminder_sent_at).
//   crm_*: the Zoho Event's sync queue (a change bumps crm_version; the job writes it once).
// visit_history: every booking, move and status change, who and when.
// visit_feeds: a staff member's private ICS feed; only the token's hash is kept (a secret), one active per person.
// outbox_attachments: files a message of the outbox carries (a visit's .ics invite). A table of its
//   own, never granted to the console (an invite names the visitor and the visit).
export default {
  id: "022-visits",
  sql: `
CREATE TABLE visit_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  settings jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL
);
CREATE TABLE visit_settings_history (
  id bigserial PRIMARY KEY,
  settings jsonb NOT NULL,
  saved_at timestamptz NOT NULL DEFAULT now(),
  saved_by text NOT NULL
);

CREATE TABLE visits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  lead_id uuid NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  blocked_until timestamptz NOT NULL,
  local_date date NOT NULL,
  status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'done', 'no-show', 'cancelled')),
  booked_by text NOT NULL CHECK (booked_by IN ('online', 'office')),
  booked_by_user text,
  address text NOT NULL,
  zip text NOT NULL,
  notes text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  sequence integer NOT NULL DEFAULT 0,
  manage_nonce text NOT NULL,
  reminder_due_at timestamptz,
  reminder_sent_at timestamptz,
  crm_state text NOT NULL DEFAULT 'disabled' CHECK (crm_state IN ('pending', 'synced', 'disabled')),
  crm_event_id text,
  crm_version integer NOT NULL DEFAULT 1,
  crm_synced_version integer NOT NULL DEFAULT 0,
  crm_attempts integer NOT NULL DEFAULT 0,
  crm_next_attempt_at timestamptz NOT NULL DEFAULT now(),
  crm_claimed_until timestamptz,
  crm_last_error text,
  CHECK (ends_at > starts_at AND blocked_until >= ends_at),
  CONSTRAINT visits_no_overlap EXCLUDE USING gist (tstzrange(starts_at, blocked_until, '[)') WITH &&) WHERE (status <> 'cancelled')
);
CREATE INDEX visits_lead_idx ON visits (lead_id);
CREATE INDEX visits_date_idx ON visits (local_date);
CREATE INDEX visits_reminder_idx ON visits (reminder_due_at) WHERE reminder_sent_at IS NULL AND status = 'scheduled';
CREATE INDEX visits_crm_idx ON visits (crm_next_attempt_at) WHERE crm_state = 'pending';

CREATE TABLE visit_history (
  id bigserial PRIMARY KEY,
  visit_id uuid NOT NULL REFERENCES visits(id) ON DELETE CASCADE,
  changed_at timestamptz NOT NULL DEFAULT now(),
  changed_by text NOT NULL,
  action text NOT NULL CHECK (action IN ('booked', 'moved', 'status')),
  starts_at timestamptz NOT NULL,
  status text NOT NULL
);
CREATE INDEX visit_history_visit_idx ON visit_history (visit_id);

CREATE TABLE visit_feeds (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  last_fetched_at timestamptz
);
CREATE UNIQUE INDEX visit_feeds_one_active ON visit_feeds (user_id) WHERE revoked_at IS NULL;

CREATE TABLE outbox_attachments (
  id bigserial PRIMARY KEY,
  outbox_id bigint NOT NULL REFERENCES outbox(id) ON DELETE CASCADE,
  filename text NOT NULL,
  content_type text NOT NULL,
  content text NOT NULL
);
CREATE INDEX outbox_attachments_outbox_idx ON outbox_attachments (outbox_id);

-- The query console reads what the office may see: never visits.manage_nonce, visit_feeds.token_hash
-- or outbox_attachments. One line: the migration runner
-- splits statements at a semicolon that ends a line.
DO $$ BEGIN IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'console_reader') THEN GRANT SELECT ON visit_settings, visit_settings_history, visit_history TO console_reader; GRANT SELECT (id, lead_id, starts_at, ends_at, blocked_until, local_date, status, booked_by, booked_by_user, address, zip, notes, created_at, updated_at, sequence, reminder_due_at, reminder_sent_at, crm_state, crm_event_id, crm_version, crm_synced_version, crm_attempts, crm_next_attempt_at, crm_claimed_until, crm_last_error) ON visits TO console_reader; GRANT SELECT (id, user_id, created_at, revoked_at, last_fetched_at) ON visit_feeds TO console_reader; END IF; END $$;
`,
};
