// Issue 34, item 2 (decision 17): the visitor hears back at once, by text if they ask for it.
//
// sms_consents: one per lead whose visitor ticked 'Text me about this request': when, the version of
//   the wording and its text, the page, and the number (E.164) it covers. The record of a consent.
// sms_outbox: one row per text. The partial unique index on (number, office day) is the rule "at
//   most one text per number per day" (the office's day, America/New_York); a row for a number that
//   had opted out holds no place. maybe_sent_since: an attempt whose answer was lost; the next one
//   first looks for it on Twilio's message list. expires_at: what the text says ("within the hour")
//   no longer holds after it, so it is not sent later.
// sms_opt_outs: numbers that replied STOP, never texted until they reply START.
// sms_inbound: every keyword Twilio posted (STOP, START, HELP), once per message sid; never the
//   text of a message.
export default {
  id: "021-sms",
  sql: `
CREATE TABLE sms_consents (
  lead_id uuid PRIMARY KEY REFERENCES leads(id) ON DELETE CASCADE,
  phone_e164 text NOT NULL,
  consented_at timestamptz NOT NULL DEFAULT now(),
  wording_version text NOT NULL,
  wording text NOT NULL,
  page text
);
CREATE INDEX sms_consents_phone_idx ON sms_consents (phone_e164);

CREATE TABLE sms_outbox (
  id bigserial PRIMARY KEY,
  lead_id uuid REFERENCES leads(id) ON DELETE CASCADE,
  to_e164 text NOT NULL,
  local_day date NOT NULL,
  body text NOT NULL,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sent', 'failed', 'opted-out', 'preview')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  claimed_until timestamptz,
  maybe_sent_since timestamptz,
  sent_at timestamptz,
  twilio_sid text,
  twilio_status text,
  last_error text
);
CREATE UNIQUE INDEX sms_outbox_one_a_day ON sms_outbox (to_e164, local_day) WHERE state <> 'opted-out';
CREATE INDEX sms_outbox_due_idx ON sms_outbox (next_attempt_at) WHERE state = 'queued';
CREATE INDEX sms_outbox_lead_idx ON sms_outbox (lead_id);

CREATE TABLE sms_opt_outs (
  phone_e164 text PRIMARY KEY,
  keyword text NOT NULL,
  opted_out_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sms_inbound (
  message_sid text PRIMARY KEY,
  from_e164 text NOT NULL,
  keyword text,
  received_at timestamptz NOT NULL DEFAULT now()
);

-- The query console reads all of it: no column holds a secret (no token, no link; a text's body is
-- the fixed template). One line: the migration runner splits statements at a semicolon that ends a line.
DO $$ BEGIN IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'console_reader') THEN GRANT SELECT (lead_id, phone_e164, consented_at, wording_version, wording, page) ON sms_consents TO console_reader; GRANT SELECT (id, lead_id, to_e164, local_day, body, state, created_at, expires_at, attempts, next_attempt_at, claimed_until, maybe_sent_since, sent_at, twilio_sid, twilio_status, last_error) ON sms_outbox TO console_reader; GRANT SELECT (phone_e164, keyword, opted_out_at) ON sms_opt_outs TO console_reader; GRANT SELECT (message_sid, from_e164, keyword, received_at) ON sms_inbound TO console_reader; END IF; END $$;
`,
};
