// Real-user web vitals (architecture decision 9), plus the index the dashboard's error count uses.
export default {
  id: "006-vitals",
  sql: `
CREATE TABLE web_vitals (
  id bigserial PRIMARY KEY,
  ts timestamptz NOT NULL DEFAULT now(),
  metric text NOT NULL CHECK (metric IN ('LCP','INP','CLS','TTFB')),
  value double precision NOT NULL CHECK (value >= 0),
  path text NOT NULL
);
CREATE INDEX web_vitals_ts_idx ON web_vitals (ts);
CREATE INDEX log_errors_ts_idx ON log (ts) WHERE level = 'ERROR';
CREATE INDEX sessions_created_idx ON sessions (created_at);
`,
};
