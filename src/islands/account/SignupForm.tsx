import { useEffect, useState, type FormEvent } from "react";
import { useAuth } from "../../lib/stores/auth.ts";
import { useToast } from "../../lib/stores/toast.ts";
import { IslandBoundary } from "../shared/IslandBoundary.tsx";
import { AuthCard, Checkbox, PasswordField, PrimaryButton, SecondaryButton, TextField, linkClass } from "./ui.tsx";
import GoogleButton from "./GoogleButton.tsx";
import TermsDialog from "./TermsDialog.tsx";

const NEED_TERMS = "יש לאשר את הסכם המשתמש כדי להירשם";
const he = { show: "הצגת סיסמה", hide: "הסתרת סיסמה" };

function SignupScreen() {
  const { signUp, signUpWithGoogle, status, exceeded } = useAuth();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [accepted, setAccepted] = useState(false);
  const [updates, setUpdates] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);

  useEffect(() => useAuth.getState().init(), []);

  const done = () => location.assign(useAuth.getState().isAuthenticated ? "/home" : "/login");

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (password !== repeat) {
      useToast.getState().show("Passwords do not match", "error", 2000);
      return;
    }
    if (!accepted) {
      useToast.getState().show(NEED_TERMS, "error", 3000);
      setTermsOpen(true);
      return;
    }
    if (await signUp({ email: email.trim(), password, acceptTerms: true, updates }, { lang: "he" })) done();
  }

  async function google(credential: string) {
    if (!accepted) {
      useToast.getState().show(NEED_TERMS, "error", 3000);
      setTermsOpen(true);
      return;
    }
    if (await signUpWithGoogle(credential, { acceptTerms: true, updates })) done();
  }

  return (
    <AuthCard title="הרשמה" subtitle="ההרשמה חינמית — מתחילים כבר היום, ואתם בדרך למזח הבא שלכם." wide>
      {/* POST: a form the browser ever sends itself (no script) must not put the fields in the address. */}
      <form method="post" onSubmit={submit} className="space-y-4" aria-busy={status === "loading"}>
        <TextField label="אימייל" type="email" name="email" dir="ltr" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} placeholder="you@example.com" />
        <PasswordField
          label="סיסמה"
          name="password"
          dir="ltr"
          autoComplete="new-password"
          required
          minLength={8}
          maxLength={128}
          hint="8 עד 128 תווים. משפט קצר שקל לזכור עדיף על צירוף תווים מסובך."
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          shown={showPassword}
          onToggle={() => setShowPassword((v) => !v)}
          showLabel={he.show}
          hideLabel={he.hide}
        />
        <PasswordField
          label="אימות סיסמה"
          name="repeat"
          dir="ltr"
          autoComplete="new-password"
          required
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
          shown={showPassword}
          onToggle={() => setShowPassword((v) => !v)}
          showLabel={he.show}
          hideLabel={he.hide}
        />
        <Checkbox
          name="terms"
          // Checked on submit with a clear message and the agreement panel, not the browser's bubble.
          aria-required="true"
          checked={accepted}
          // The terms are accepted through the panel's button; unticking is allowed here.
          onChange={(e) => (e.target.checked ? setTermsOpen(true) : setAccepted(false))}
          label={
            <>
              קראתי ואני מסכים/ה ל
              <button type="button" className={linkClass} onClick={() => setTermsOpen(true)}>
                הסכם המשתמש
              </button>
            </>
          }
        />
        <Checkbox name="updates" checked={updates} onChange={(e) => setUpdates(e.target.checked)} label="אשמח לקבל עדכונים ומבצעים באימייל (לא חובה)" />
        <PrimaryButton type="submit" disabled={status === "loading" || exceeded}>
          הרשמה
        </PrimaryButton>
      </form>
      <GoogleButton text="signup_with" onCredential={google} locale="he" />
      <div className="mt-6 flex items-center justify-between gap-3 text-sm">
        <SecondaryButton type="button" onClick={() => location.assign("/")}>
          חזרה
        </SecondaryButton>
        <p className="text-slate-600 dark:text-slate-300">
          כבר רשומים?{" "}
          <a href="/login" className={linkClass}>
            התחברות
          </a>
        </p>
      </div>
      <TermsDialog
        open={termsOpen}
        onClose={() => setTermsOpen(false)}
        onAccept={() => {
          setAccepted(true);
          setTermsOpen(false);
        }}
      />
    </AuthCard>
  );
}

export default function SignupForm() {
  return (
    <IslandBoundary what="טופס ההרשמה">
      <SignupScreen />
    </IslandBoundary>
  );
}
