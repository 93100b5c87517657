// Issue 33, item 4: a lead held as possible spam gets no photo upload token when it is stored.
//
// lead_photo_claims: what its answer carried instead (in the same `photoToken` field, same shape),
//   as a sha256 hash: the browser keeps the photos on the device and asks with the claim, now and
//   then, whether they may come. Once the office has pressed 'Not spam' the ask is answered with a
//   real upload token (lead_photo_tokens, 24 h, 5 photos; asking again replaces that token and keeps
//   its count). photos: how many the request announced (the office e-mail on release says so).
//   Deleted with its lead (a held lead after 30 days); a claim older than 30 days is answered 410.
export default {
  id: "018-lead-photo-claims",
  sql: `
CREATE TABLE lead_photo_claims (
  claim_hash text PRIMARY KEY CHECK (claim_hash ~ '^[0-9a-f]{64}$'),
  lead_id uuid NOT NULL UNIQUE REFERENCES leads(id) ON DELETE CASCADE,
  photos integer NOT NULL CHECK (photos BETWEEN 1 AND 5),
  created_at timestamptz NOT NULL DEFAULT now(),
  token_issued_at timestamptz
);

-- The query console (migration 008) may read all but the claim's hash (a secret, as token_hash is). One line.
DO $$ BEGIN IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'console_reader') THEN GRANT SELECT (lead_id, photos, created_at, token_issued_at) ON lead_photo_claims TO console_reader; END IF; END $$;
`,
};
