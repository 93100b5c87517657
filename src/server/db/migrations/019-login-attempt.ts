// Issue 33: the account's log-in brake counts an attempt before the password is checked, in one
// statement (src/server/auth/throttle.ts reserveAttempt). `attempt` holds the id of the last attempt
// the statement counted, so the caller can tell "counted" from "refused while locked" without
// comparing clocks (now() repeats within a millisecond on the embedded database).
export default {
  id: "019-login-attempt",
  sql: `
ALTER TABLE login_throttle ADD COLUMN attempt uuid;
`,
};
