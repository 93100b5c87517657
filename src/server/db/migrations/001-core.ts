// Platform tables: structured logs, rate-limit counters and the mail outbox.
export default {
  id: "001-core",
  sql: `
CREATE TABLE log (
  id bigserial PRIMARY KEY,
  ts timestamptz NOT NULL DEFAULT now(),
  level text NOT NULL CHECK (level IN ('INFO','DEBUG','ERROR','WARN')),
  source text NOT NULL,
  message text NOT NULL,
  request_id text
);
CREATE INDEX log_ts_idx ON log (ts);

CREATE TABLE rate_limit (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL
);

CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  kind text NOT NULL DEFAULT 'general',
  sent_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text
);
CREATE INDEX outbox_pending_idx ON outbox (next_attempt_at) WHERE sent_at IS NULL;
`,
};
