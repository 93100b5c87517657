// Issue 28: the page a visit landed on (its first page in the browser session, path and query),
// apart from the page the form was sent from (source_page), for the reports' "by page" grouping.
// Older leads have none; the reports fall back to source_page for them.
export default {
  id: "016-lead-landing",
  sql: `
ALTER TABLE leads ADD COLUMN landing_page text;

-- The read-only query console's role (migration 008) may read it too. One line: the migration
-- runner splits statements at a semicolon that ends a line.
DO $$ BEGIN IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'console_reader') THEN GRANT SELECT (landing_page) ON leads TO console_reader; END IF; END $$;
`,
};
