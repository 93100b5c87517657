// The office's lead workflow: each lead's status (new → contacted → quoted → won / lost) and the
// history of every change with its note, who made it and when. A history row is also the outbox
// entry that writes the change to the Zoho lead (crm_*), retried until done, then never again.
export default {
  id: "009-lead-status",
  sql: `
ALTER TABLE leads ADD COLUMN status text NOT NULL DEFAULT 'new' CHECK (status IN ('new','contacted','quoted','won','lost'));
ALTER TABLE leads ADD COLUMN status_changed_at timestamptz;
CREATE INDEX leads_status_created_idx ON leads (status, created_at DESC);

CREATE TABLE lead_status_history (
  id bigserial PRIMARY KEY,
  lead_id uuid NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
  from_status text NOT NULL,
  to_status text NOT NULL CHECK (to_status IN ('new','contacted','quoted','won','lost')),
  note text NOT NULL CHECK (length(note) BETWEEN 1 AND 2000),
  changed_by uuid REFERENCES users(id) ON DELETE SET NULL,
  changed_by_email text NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now(),
  crm_state text NOT NULL CHECK (crm_state IN ('pending','done','superseded','disabled')),
  crm_attempts integer NOT NULL DEFAULT 0,
  crm_next_attempt_at timestamptz NOT NULL DEFAULT now(),
  crm_claimed_until timestamptz,
  crm_last_error text,
  crm_done_at timestamptz
);
CREATE INDEX lead_status_history_lead_idx ON lead_status_history (lead_id, changed_at DESC, id DESC);
CREATE INDEX lead_status_history_due_idx ON lead_status_history (crm_next_attempt_at) WHERE crm_state = 'pending';

-- The read-only query console's role (migration 008) may read the workflow too. One line: the
-- migration runner splits statements at a semicolon that ends a line.
DO $$ BEGIN IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'console_reader') THEN GRANT SELECT ON lead_status_history TO console_reader; GRANT SELECT (status, status_changed_at) ON leads TO console_reader; END IF; END $$;
`,
};
