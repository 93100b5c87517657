import { useEffect, useState, type FormEvent } from "react";
import { useAuth } from "../../lib/stores/auth.ts";
import { useToast } from "../../lib/stores/toast.ts";
import { setFlash } from "../../lib/flash.ts";
import { IslandBoundary } from "../shared/IslandBoundary.tsx";
import { AuthCard, PasswordField, PrimaryButton, linkClass } from "./ui.tsx";

/** The token from the e-mailed link (`/newpswd#token=…`), or null. */
export function tokenFromHash(hash: string): string | null {
  const t = new URLSearchParams(hash.replace(/^#/, "")).get("token");
  return t && /^[\w-]{43}$/.test(t) ? t : null;
}

function NewPasswordScreen() {
  const { setNewPassword, status } = useAuth();
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const t = tokenFromHash(location.hash);
    setToken(t);
    // Keep the one-time token out of the history and of anything that reads the URL later.
    if (location.hash) history.replaceState(null, "", location.pathname);
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (password !== repeat) {
      useToast.getState().show("Passwords do not match", "error", 2000);
      return;
    }
    if (token && (await setNewPassword(token, password))) {
      setFlash({ message: useAuth.getState().message, type: "success" }, "/login");
      location.assign("/login");
    }
  }

  if (token === null) {
    return (
      <AuthCard title="Choose a new password">
        <p className="text-slate-700 dark:text-slate-200" role="alert">
          This link is incomplete or has been used already. Links from the e-mail work once, for 30 minutes.
        </p>
        <p className="mt-4">
          <a href="/resetpswd" className={linkClass}>
            Ask for a new link
          </a>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" subtitle="Every device signed in to your account will be signed out.">
      {/* POST: a form the browser ever sends itself (no script) must not put the fields in the address. */}
      <form method="post" onSubmit={submit} className="space-y-4" aria-busy={status === "loading"}>
        <PasswordField label="New password" name="password" autoComplete="new-password" required minLength={8} maxLength={128} hint="8 to 128 characters. A short sentence is easier to remember and harder to guess." value={password} onChange={(e) => setPassword(e.target.value)} shown={shown} onToggle={() => setShown((v) => !v)} />
        <PasswordField label="Repeat new password" name="repeat" autoComplete="new-password" required value={repeat} onChange={(e) => setRepeat(e.target.value)} shown={shown} onToggle={() => setShown((v) => !v)} />
        {/* Enabled before hydration too, so that Enter or a tap then is kept and done once hydrated. */}
        <PrimaryButton type="submit" disabled={status === "loading"}>
          Save new password
        </PrimaryButton>
      </form>
      <p className="mt-6 text-sm">
        <a href="/login" className={`inline-flex min-h-11 items-center ${linkClass}`}>
          Back to log in
        </a>
      </p>
    </AuthCard>
  );
}

export default function NewPasswordForm() {
  return (
    <IslandBoundary what="the new password form">
      <NewPasswordScreen />
    </IslandBoundary>
  );
}
