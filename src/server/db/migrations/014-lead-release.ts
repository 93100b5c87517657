// Issue 25 (decision 15): a lead held as possible spam can be released by the office. Releasing
// clears spam_reason (so every "real lead" query keeps working unchanged) and keeps why it was
// held, when and by whom it was released. A held lead (spam_reason set) is deleted 30 days after
// it arrived unless released (maintenance, SPAM_RETENTION_DAYS).
export default {
  id: "014-lead-release",
  sql: `
ALTER TABLE leads ADD COLUMN held_reason text;
ALTER TABLE leads ADD COLUMN released_at timestamptz;
ALTER TABLE leads ADD COLUMN released_by text;
CREATE INDEX leads_held_created_idx ON leads (created_at DESC) WHERE spam_reason IS NOT NULL;

-- The read-only query console's role (migration 008) may read them too. One line: the migration
-- runner splits statements at a semicolon that ends a line.
DO $$ BEGIN IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'console_reader') THEN GRANT SELECT (held_reason, released_at, released_by) ON leads TO console_reader; END IF; END $$;
`,
};
