// Issue 13: quote requests that carry the job.
//
// lead_idempotency: one row per Idempotency-Key a browser sent with a quote request or inquiry.
//   It is inserted first, in the same transaction as the lead it creates, so a concurrent repeat of
//   the key waits on the row and then reads the stored answer (status + body, which may hold the
//   photo token: a secret). Kept 30 days (maintenance), long enough for an offline phone's outbox.
// lead_photo_blobs: the bytes of lead photos, stored once under their sha256 (hex). Never served
//   publicly (the product `images` table is); only the admin photo endpoints read them.
// lead_photo_tokens: the one-time upload token a stored quote request answers with, as a sha256
//   hash; valid 24 h after the lead, for at most 5 photos (count).
// lead_photos: a photo of a lead, with the Idempotency-Key of its upload (a retry never adds it
//   twice) and its Zoho attachment sync state (an outbox like the lead sync: attempts, backoff,
//   lease, the Zoho attachment id once known).
export default {
  id: "010-lead-photos",
  sql: `
CREATE TABLE lead_idempotency (
  key text PRIMARY KEY,
  endpoint text NOT NULL,
  body_hash text NOT NULL,
  status integer,
  answer text,
  lead_id uuid REFERENCES leads(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lead_idempotency_created_idx ON lead_idempotency (created_at);

CREATE TABLE lead_photo_blobs (
  sha256 text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg','image/png','image/webp')),
  bytes bytea NOT NULL,
  size integer NOT NULL CHECK (size > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE lead_photo_tokens (
  token_hash text PRIMARY KEY,
  lead_id uuid NOT NULL UNIQUE REFERENCES leads(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  count integer NOT NULL DEFAULT 0 CHECK (count BETWEEN 0 AND 5)
);

CREATE TABLE lead_photos (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  lead_id uuid NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
  blob_sha256 text NOT NULL REFERENCES lead_photo_blobs(sha256),
  idempotency_key text UNIQUE,
  seq integer NOT NULL CHECK (seq BETWEEN 1 AND 5),
  created_at timestamptz NOT NULL DEFAULT now(),
  zoho_state text NOT NULL CHECK (zoho_state IN ('pending','synced','failed','disabled')),
  zoho_attachment_id text,
  zoho_attempts integer NOT NULL DEFAULT 0,
  zoho_next_attempt_at timestamptz NOT NULL DEFAULT now(),
  zoho_claimed_until timestamptz,
  zoho_last_error text,
  zoho_synced_at timestamptz
);
CREATE INDEX lead_photos_lead_idx ON lead_photos (lead_id, created_at, id);
CREATE INDEX lead_photos_blob_idx ON lead_photos (blob_sha256);
CREATE INDEX lead_photos_due_idx ON lead_photos (zoho_next_attempt_at) WHERE zoho_state IN ('pending','failed');

-- The query console (migration 008) may read what is not a secret: never the idempotency keys and
-- answers (an answer holds a photo token), the token hashes, or the photo bytes. One line each.
DO $$ BEGIN IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'console_reader') THEN GRANT SELECT (endpoint, status, lead_id, created_at) ON lead_idempotency TO console_reader; GRANT SELECT (sha256, content_type, size, created_at) ON lead_photo_blobs TO console_reader; GRANT SELECT (lead_id, expires_at, count) ON lead_photo_tokens TO console_reader; GRANT SELECT (id, lead_id, blob_sha256, seq, created_at, zoho_state, zoho_attachment_id, zoho_attempts, zoho_next_attempt_at, zoho_claimed_until, zoho_last_error, zoho_synced_at) ON lead_photos TO console_reader; END IF; END $$;
`,
};
