// Issue 39, item 4: the office's lead triage.
//
// leads.amount: the job's amount in dollars, written by the office when a lead is quoted or won; it
//   becomes the Zoho deal's Amount and the reports' pipeline and won value. NULL: none written.
// lead_status_history.amount: the amount a change set (the history shows it; NULL: unchanged).
// A note is now needed only to say why a lead was lost; other changes may carry none.
// The indexes find a lead's other requests (same e-mail or phone): duplicates and returning customers.
export default {
  id: "026-lead-amounts",
  sql: `
ALTER TABLE leads ADD COLUMN amount numeric(12, 2) CHECK (amount IS NULL OR (amount > 0 AND amount < 100000000));
ALTER TABLE lead_status_history ADD COLUMN amount numeric(12, 2) CHECK (amount IS NULL OR (amount > 0 AND amount < 100000000));
ALTER TABLE lead_status_history DROP CONSTRAINT lead_status_history_note_check;
ALTER TABLE lead_status_history ADD CONSTRAINT lead_status_history_note_check CHECK (length(note) <= 2000 AND (to_status <> 'lost' OR length(note) >= 1));
CREATE INDEX leads_email_lower_idx ON leads (lower(email));
CREATE INDEX leads_phone_e164_idx ON leads (phone_e164) WHERE phone_e164 IS NOT NULL;

-- The query console (migration 008) may read the amount. One line: the migration runner splits statements at a semicolon that ends a line.
DO $$ BEGIN IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'console_reader') THEN GRANT SELECT (amount) ON leads TO console_reader; GRANT SELECT ON lead_status_history TO console_reader; END IF; END $$;
`,
};
