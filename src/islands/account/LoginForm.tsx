import { useEffect, useState, type FormEvent } from "react";
import { useAuth } from "../../lib/stores/auth.ts";
import { deleteCookie, getCookie, setCookie } from "../../lib/cookies.ts";
import { setFlash } from "../../lib/flash.ts";
import { IslandBoundary } from "../shared/IslandBoundary.tsx";
import { AuthCard, BackAndSignUp, Checkbox, PasswordField, PrimaryButton, TextField, linkClass } from "./ui.tsx";
import GoogleButton from "./GoogleButton.tsx";
import { destinationAfterLogin, useSignedInRedirect } from "./useSignedInRedirect.ts";

/** Decision 1: remember-me keeps only the e-mail, for 7 days. */
export const REMEMBER_DAYS = 7;

function LoginScreen() {
  const { login, loginWithGoogle, clearReset, disableSignUp, exceeded, status } = useAuth();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const deciding = useSignedInRedirect();

  useEffect(() => {
    clearReset();
    disableSignUp();
    if (getCookie("remember") === "1") {
      setRemember(true);
      // An address typed before the form came alive (and handed over since) is the one meant.
      setEmail((typed) => typed || (getCookie("email") ?? ""));
    }
  }, [clearReset, disableSignUp]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!(await login({ email: email.trim(), password }))) return;
    if (remember) {
      setCookie("remember", "1", REMEMBER_DAYS);
      setCookie("email", email.trim(), REMEMBER_DAYS);
    } else {
      deleteCookie("remember");
      deleteCookie("email");
    }
    goOn();
  }

  // The success toast would vanish with this page: the next page shows it.
  function goOn() {
    const to = destinationAfterLogin();
    setFlash({ message: useAuth.getState().message || "Login Sucsess", type: "success" }, to);
    location.assign(to);
  }

  async function google(credential: string) {
    if (await loginWithGoogle(credential)) goOn();
  }

  return (
    <AuthCard title="Log In" subtitle="Sign in to manage products and your account.">
      {/* POST: a form the browser ever sends itself (no script) must not put the fields in the address. */}
      <form method="post" onSubmit={submit} className="space-y-4" aria-busy={deciding || status === "loading"} noValidate={false}>
        <TextField label="Email" type="email" name="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} placeholder="you@example.com" />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          shown={showPassword}
          onToggle={() => setShowPassword((v) => !v)}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Checkbox label="Remember me" name="remember" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          <a href="/resetpswd" className={`inline-flex min-h-11 items-center text-sm ${linkClass}`}>
            Reset Password
          </a>
        </div>
        <PrimaryButton type="submit" disabled={exceeded || status === "loading"}>
          Log In
        </PrimaryButton>
        {exceeded && (
          <p className="text-sm text-red-700 dark:text-red-300" role="alert">
            Too many attempts. Please wait a little before trying again.
          </p>
        )}
      </form>
      <GoogleButton text="signin_with" onCredential={google} prompt />
      <BackAndSignUp backLabel="Back" />
    </AuthCard>
  );
}

export default function LoginForm() {
  return (
    <IslandBoundary what="the log-in form">
      <LoginScreen />
    </IslandBoundary>
  );
}
