import { useEffect, useState, type FormEvent } from "react";
import { useAuth } from "../../lib/stores/auth.ts";
import { IslandBoundary } from "../shared/IslandBoundary.tsx";
import { AuthCard, BackAndSignUp, PrimaryButton, TextField, linkClass } from "./ui.tsx";
import { useSignedInRedirect } from "./useSignedInRedirect.ts";

function ResetScreen() {
  const { requestReset, reset, clearReset, status, exceeded } = useAuth();
  const [email, setEmail] = useState("");
  useSignedInRedirect();

  useEffect(() => clearReset(), [clearReset]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    // Once a link is on its way the button reads 'Login' and goes there (spec §2).
    if (reset) location.assign("/login");
    else await requestReset(email.trim());
  }

  return (
    <AuthCard title="Reset Password" subtitle="Enter your account's e-mail and we will send you a link to choose a new password.">
      {/* POST: a form the browser ever sends itself (no script) must not put the fields in the address. */}
      <form method="post" onSubmit={submit} className="space-y-4" aria-busy={status === "loading"}>
        <TextField label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} placeholder="captain@example.com" readOnly={reset} />
        {reset && (
          <p className="rounded-lg bg-brand-50 p-3 text-sm text-brand-900 dark:bg-slate-800 dark:text-slate-100" role="status">
            Check your inbox (and the spam folder) for the link. It works once, for 30 minutes.{" "}
            <button type="button" className={linkClass} onClick={() => requestReset(email.trim())} disabled={status === "loading" || exceeded}>
              send again
            </button>
          </p>
        )}
        <PrimaryButton type="submit" disabled={status === "loading" || (exceeded && !reset)}>
          {reset ? "Login" : "Reset Password"}
        </PrimaryButton>
      </form>
      <BackAndSignUp backLabel="Go Back" />
    </AuthCard>
  );
}

export default function ResetForm() {
  return (
    <IslandBoundary what="the password reset form">
      <ResetScreen />
    </IslandBoundary>
  );
}
