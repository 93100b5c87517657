// Issue 36 (decision 19): the estimator's price rules are the office's, published like the site's
// content (017): a draft the admins edit, every publish kept whole as a version (the highest is live,
// what the /estimate page is built from and what the server computes a lead's estimate with), any
// version restorable as the draft. Seeded from content/estimate.json (sample numbers) by the deploy.
//
// leads.estimate: the estimate kept with a quote request that came from /estimate, as the server
//   recomputed it from the visitor's answers with the live rules (never the browser's figure):
//   the answers, the range, the drivers and permits, the rules' version.
export default {
  id: "023-price-rules",
  sql: `
CREATE TABLE price_rules_versions (
  version integer PRIMARY KEY CHECK (version > 0),
  doc jsonb NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now(),
  published_by text NOT NULL,
  restored_from integer REFERENCES price_rules_versions(version)
);

CREATE TABLE price_rules_draft (
  id text PRIMARY KEY CHECK (id = 'rules'),
  doc jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL,
  restored_from integer REFERENCES price_rules_versions(version)
);

ALTER TABLE leads ADD COLUMN estimate jsonb;

-- The query console (migration 008) may read them: prices, permit rules, who published when, a lead's estimate. One line.
DO $$ BEGIN IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'console_reader') THEN GRANT SELECT ON price_rules_versions, price_rules_draft TO console_reader; GRANT SELECT (estimate) ON leads TO console_reader; END IF; END $$;
`,
};
