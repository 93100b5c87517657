// Issue 25, item 9: the office hears when a pipe breaks.
//
// pipe_health: one row per pipe a lead leaves through ('zoho': the CRM sync, 'smtp': mail), written
//   after every attempt that says something about the pipe itself: when one last worked, and since
//   when every attempt has failed (NULL again once one works), with the count and the last error.
// pipe_alerts: one row per outage the office was told about (by e-mail, or for SMTP itself by an
//   error in the log): opened when every attempt had failed for an hour, closed when the pipe
//   worked again ('mail'/'log': the office was told) or was switched off ('off'). The unique index
//   keeps one open alert per pipe, so however many jobs check at once the notice goes once.
// outbox_confirm_idx: the confirmations sent to one address in the last day (item 5's cap).
export default {
  id: "012-pipe-alerts",
  sql: `
CREATE TABLE pipe_health (
  pipe text PRIMARY KEY CHECK (pipe IN ('zoho','smtp')),
  last_success_at timestamptz,
  failing_since timestamptz,
  last_failure_at timestamptz,
  failures integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
  last_error text
);

CREATE TABLE pipe_alerts (
  id bigserial PRIMARY KEY,
  pipe text NOT NULL CHECK (pipe IN ('zoho','smtp')),
  failing_since timestamptz NOT NULL,
  opened_at timestamptz NOT NULL,
  opened_notice text NOT NULL CHECK (opened_notice IN ('mail','log')),
  closed_at timestamptz,
  closed_notice text CHECK (closed_notice IN ('mail','log','off')),
  CHECK ((closed_at IS NULL) = (closed_notice IS NULL))
);
CREATE UNIQUE INDEX pipe_alerts_open_idx ON pipe_alerts (pipe) WHERE closed_at IS NULL;
CREATE INDEX pipe_alerts_opened_idx ON pipe_alerts (opened_at DESC);

CREATE INDEX outbox_confirm_idx ON outbox (lower(to_address), created_at) WHERE kind = 'lead-confirm';

-- The query console (migration 008) may read both: times, counts and error texts, no secret. One line.
DO $$ BEGIN IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'console_reader') THEN GRANT SELECT ON pipe_health TO console_reader; GRANT SELECT ON pipe_alerts TO console_reader; END IF; END $$;
`,
};
