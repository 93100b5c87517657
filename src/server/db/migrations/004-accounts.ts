// Account flows: one-time password-reset links (only their SHA-256 is stored), the log-in
// throttle with growing delay, the time of the last log-in, and when the account proved it
// controls its mailbox (Google's verified e-mail or a used reset link), which ADMIN_EMAIL needs.
export default {
  id: "004-accounts",
  sql: `
CREATE TABLE password_resets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  ip text
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id);

CREATE TABLE login_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  last_failure_at timestamptz NOT NULL,
  locked_until timestamptz
);

ALTER TABLE users ADD COLUMN last_login_at timestamptz;
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;
`,
};
