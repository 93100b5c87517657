// Issue 25, item 4: lead photos are re-encoded on the server and their bytes are counted per day.
//
// lead_photo_quota: the bytes of lead photos stored on a day (the office's calendar day,
//   America/New_York), per uploading IP and in total (subject '*'). A photo is charged in the
//   transaction that stores it, so a refused or rolled-back upload costs nothing. Rows older than
//   a few days are deleted as new ones are written (src/server/leads/photo-quota.ts).
// lead_photos.upload_sha256: the sha256 of the bytes as uploaded. The stored blob is the
//   re-encoded picture (blob_sha256), so a retry of an Idempotency-Key is recognised by what it
//   sends, not by what the encoder made of it. Null for photos stored before this migration (their
//   blob is the upload, so blob_sha256 is that hash).
export default {
  id: "013-lead-photo-quota",
  sql: `
CREATE TABLE lead_photo_quota (
  day date NOT NULL,
  subject text NOT NULL,
  bytes bigint NOT NULL CHECK (bytes >= 0),
  PRIMARY KEY (day, subject)
);

ALTER TABLE lead_photos ADD COLUMN upload_sha256 text CHECK (upload_sha256 ~ '^[0-9a-f]{64}$');

-- The query console (migration 008) may read both: counters and a hash of a picture hold no secret.
DO $$ BEGIN IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'console_reader') THEN GRANT SELECT (day, subject, bytes) ON lead_photo_quota TO console_reader; GRANT SELECT (upload_sha256) ON lead_photos TO console_reader; END IF; END $$;
`,
};
