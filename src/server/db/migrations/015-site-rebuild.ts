// Issue 26 (decision 13): pages are prebuilt from the database, so a published change asks Netlify
// for a rebuild through the build hook, once per burst of edits.
//
// site_rebuild: one row ('site'). due_at is when the pending rebuild fires (NULL: none pending); the
//   first change of a burst sets it, later ones leave it, so a burst costs one build and waits at
//   most the debounce. Whoever comes next after that time (the per-minute job or the next change)
//   claims it with one UPDATE and POSTs the hook; a refused POST sets it due again. The rest says
//   what happened last, for the office and the query console: no secret (the hook URL is not kept).
export default {
  id: "015-site-rebuild",
  sql: `
CREATE TABLE site_rebuild (
  id text PRIMARY KEY CHECK (id = 'site'),
  due_at timestamptz,
  reasons text[] NOT NULL DEFAULT '{}',
  requested_at timestamptz,
  fired_at timestamptz,
  fired_reasons text[],
  last_error text,
  failures integer NOT NULL DEFAULT 0 CHECK (failures >= 0)
);

-- The query console (migration 008) may read it all: times, reasons and error texts. One line.
DO $$ BEGIN IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'console_reader') THEN GRANT SELECT ON site_rebuild TO console_reader; END IF; END $$;
`,
};
