// Issue 34 (decision 17): staff are alerted on their phones by Web Push.
//
// push_devices: one row per browser that turned alerts on (its push subscription). Deleted when the
//   push service says it is gone (404/410) or its owner turns alerts off there.
// push_outbox: one row per (device, event): the unique pair is what keeps a device from getting
//   the same alert twice. Sent at once after the event, retried by the scheduled job with backoff.
// alert_settings: one row, the office's rota (who is on duty when), quiet hours, the on-call person
//   and the escalation order; alert_settings_history keeps every saved version.
// leads.first_contact_at: the office's one tap 'התקשרתי' (the first call, with its time).
// leads.escalation_level: how many people past the first were alerted about a lead nobody called.
// (And the console may read login_throttle.attempt, added by 019.)
export default {
  id: "020-staff-alerts",
  sql: `
CREATE TABLE push_devices (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  label text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sent_at timestamptz
);
CREATE INDEX push_devices_user_idx ON push_devices (user_id);

CREATE TABLE push_outbox (
  id bigserial PRIMARY KEY,
  device_id bigint NOT NULL REFERENCES push_devices(id) ON DELETE CASCADE,
  event text NOT NULL,
  lead_id uuid REFERENCES leads(id) ON DELETE CASCADE,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  claimed_until timestamptz,
  sent_at timestamptz,
  failed_at timestamptz,
  last_error text,
  UNIQUE (device_id, event)
);
CREATE INDEX push_outbox_due_idx ON push_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;

CREATE TABLE alert_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  settings jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL
);
CREATE TABLE alert_settings_history (
  id bigserial PRIMARY KEY,
  settings jsonb NOT NULL,
  saved_at timestamptz NOT NULL DEFAULT now(),
  saved_by text NOT NULL
);

ALTER TABLE leads ADD COLUMN first_contact_at timestamptz;
ALTER TABLE leads ADD COLUMN first_contact_by text;
ALTER TABLE leads ADD COLUMN escalation_level integer NOT NULL DEFAULT 0;

-- The query console reads what the office may see; a device's endpoint and keys are secrets (the
-- endpoint is the address anyone could push to). One line: the migration runner splits statements at a semicolon that ends a line.
DO $$ BEGIN IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'console_reader') THEN GRANT SELECT (attempt) ON login_throttle TO console_reader; GRANT SELECT (first_contact_at, first_contact_by, escalation_level) ON leads TO console_reader; GRANT SELECT ON alert_settings, alert_settings_history TO console_reader; GRANT SELECT (id, user_id, label, created_at, last_sent_at) ON push_devices TO console_reader; GRANT SELECT (id, device_id, event, lead_id, created_at, attempts, next_attempt_at, sent_at, failed_at, last_error) ON push_outbox TO console_reader; END IF; END $$;
`,
};
