/**
 * The browser's account state (spec §3 "Auth state") and the account flows of spec §4: log-in,
 * session check, sign-up, reset, log-out, redirect, the exceeded flag and the theme. Tokens live
 * in localStorage (`token`, `email`, `name`); the remember-me cookie keeps only the e-mail.
 */
import { create } from "zustand";
import { api, ApiError, setApiHooks } from "../api-client.ts";
import { local as storage, session } from "../safe-storage.ts";
import { useToast } from "./toast.ts";
import { useLoading } from "./loading.ts";
import { ENTRY_ROUTES, returnPath } from "../same-origin-path.ts";
import { PASSWORD_REASON_HE, isPasswordReason } from "../contracts/password.ts";

export type Role = "user" | "admin";
export interface AuthUser {
  email: string;
  name: string;
  role: Role;
}
export type AuthStatus = "idle" | "loading" | "succeeded" | "failed";
export type Theme = "light" | "dark";

/** Spec §9 timings. */
export const AUTH_TOAST_MS = 2000;
export const SESSION_TOAST_MS = 3000;
export const LOGOUT_DELAY_MS = 2000;
export const SESSION_EXPIRED = "Session Expired";
/**
 * The greeting in the page's language: the spec's "Welcome Back" on the English site, the office's
 * Hebrew on its back office (admin, editor), Spanish on /es.
 */
const WELCOME: Record<string, string> = { en: "Welcome Back", he: "ברוכים השבים", es: "Bienvenido de nuevo" };
export const welcomeText = (lang = typeof document === "undefined" ? "en" : document.documentElement.lang) => WELCOME[lang.slice(0, 2)] ?? WELCOME.en;


export interface AuthState {
  data: unknown;
  message: string;
  status: AuthStatus;
  token: string | null;
  isAuthenticated: boolean;
  theme: Theme;
  currentRoute: string;
  reset: boolean;
  signedUp: boolean;
  exceeded: boolean;
  user: AuthUser | null;
  /** True while the start-up session check runs (its 401 must not trigger a log-out). */
  checking: boolean;
  /** True once the session check has answered on this page. */
  checked: boolean;

  init(): void;
  login(credentials: { email: string; password: string }): Promise<boolean>;
  loginWithGoogle(credential: string): Promise<boolean>;
  checkSession(): Promise<boolean>;
  /** `lang: "he"` for the Hebrew sign-up screen: a refused password is explained in Hebrew. */
  signUp(form: { email: string; password: string; acceptTerms: boolean; updates: boolean }, opts?: { lang?: "he" | "en" }): Promise<boolean>;
  signUpWithGoogle(credential: string, form: { acceptTerms: boolean; updates: boolean }): Promise<boolean>;
  requestReset(email: string): Promise<boolean>;
  setNewPassword(token: string, password: string): Promise<boolean>;
  /** `forget: true` when the visitor chose to log out: the stored route goes too, so the next person on this browser is not sent to it. */
  logout(opts?: { forget?: boolean }): Promise<void>;
  clearReset(): void;
  disableSignUp(): void;
  setCurrentRoute(route?: string): void;
  setExceeded(retryAfterSeconds: number): void;
  clearExceeded(): void;
  toggleTheme(): void;
}

const toast = (message: string, type: "success" | "error", ms = AUTH_TOAST_MS) => useToast.getState().show(message, type, ms);
const loading = useLoading.getState;
const serverMessage = (e: unknown, fallback: string) => (e instanceof ApiError ? e.message : fallback);
// A 429 already showed its own message through the API hook.
const rateLimited = (e: unknown) => e instanceof ApiError && e.httpStatus === 429;

/** Where a signed-in visitor belongs: the remembered route unless it is an entry page, else /home. */
export function homeRoute(currentRoute: string | null | undefined, origin = siteOrigin()): string {
  return safeReturnPath(currentRoute, origin) ?? "/home";
}

/** A same-site path from a `?from=` parameter, or null (never an open redirect): the one rule. */
export function safeReturnPath(from: string | null | undefined, origin = siteOrigin()): string | null {
  return returnPath(from, origin, ENTRY_ROUTES);
}

/** The page's own origin (a fixed one where there is no page, as in tests under Node). */
function siteOrigin(): string {
  return typeof location !== "undefined" && /^https?:$/.test(location.protocol) ? location.origin : "https://site.invalid";
}

let exceededTimer: ReturnType<typeof setTimeout> | undefined;
let initialised = false;
let loggingOut: Promise<void> | undefined;
let checkInFlight: Promise<boolean> | undefined;

export const useAuth = create<AuthState>((set, get) => {
  const signedIn = (data: { token: string; user: AuthUser }, message: string) => {
    storage.set("token", data.token);
    storage.set("email", data.user.email);
    storage.set("name", data.user.name);
    session.set("welcomed", "1");
    set({ token: data.token, user: data.user, data, message, isAuthenticated: true, status: "succeeded", checked: true });
  };

  const runLogout = async (forget: boolean) => {
    loading().show("Logging Out...");
    set({ status: "loading" });
    // Revoke on the server at once; the visible log-out completes after the spec's 2 s.
    const revoke = storage.get("token") ? api("auth/out", { method: "POST", body: {} }).catch(() => undefined) : Promise.resolve();
    // A slow server does not hold the visitor: the revocation gets at most a few extra seconds.
    await Promise.all([Promise.race([revoke, wait(LOGOUT_DELAY_MS + 3000)]), wait(LOGOUT_DELAY_MS)]);
    storage.remove("token", "email", "name");
    if (forget) storage.remove("currentRoute");
    session.remove("welcomed");
    set({ token: null, user: null, isAuthenticated: false, data: null, status: "idle", message: "" });
    loading().hide();
  };

  const runCheck = async (): Promise<boolean> => {
    get().init();
    const token = storage.get("token");
    if (!token) {
      set({ checked: true, isAuthenticated: false, user: null, token: null });
      return false;
    }
    set({ checking: true, token });
    try {
      const r = await api<{ user: AuthUser }>("auth/check");
      if (!r.status || !r.data) throw new Error("Session Expired");
      storage.set("name", r.data.user.name);
      set({ isAuthenticated: true, user: r.data.user, status: "succeeded", checked: true, checking: false });
      const welcomed = session.get("welcomed") === "1";
      session.set("welcomed", "1");
      if (!welcomed) toast(welcomeText(), "success", SESSION_TOAST_MS);
      return true;
    } catch (e) {
      // A network failure is not proof the session ended: keep the token for the next try.
      if (e instanceof ApiError && (e.httpStatus === 401 || e.httpStatus === 403)) {
        storage.remove("token");
        set({ token: null, message: SESSION_EXPIRED });
        toast(SESSION_EXPIRED, "error", SESSION_TOAST_MS);
      } else if (!rateLimited(e)) {
        toast(SESSION_EXPIRED, "error", SESSION_TOAST_MS);
      }
      set({ isAuthenticated: false, user: null, status: "failed", checked: true, checking: false });
      return false;
    }
  };

  const logIn = async (path: string, body: unknown): Promise<boolean> => {
    set({ status: "loading" });
    loading().show("Logging in...");
    try {
      // No bearer token: a stale one must not turn a wrong password into a log-out.
      const r = await api<{ token: string; user: AuthUser }>(path, { body, auth: false });
      if (!r.status || !r.data) throw new Error("login failed");
      signedIn(r.data, r.message ?? "Login Sucsess");
      toast(r.message ?? "Login Sucsess", "success");
      return true;
    } catch (e) {
      set({ status: "failed", message: serverMessage(e, "login failed") });
      if (!rateLimited(e)) toast(e instanceof ApiError && e.httpStatus === 400 ? e.message : "login failed", "error");
      return false;
    } finally {
      loading().hide();
    }
  };

  /** Sign-up, Google sign-up, reset and new-password failures (spec §8: the server's message, else 'sign-up failed'). */
  const accountRequestFailed = (e: unknown, toastMs?: number, lang: "he" | "en" = "en") => {
    const reason = e instanceof ApiError ? e.reason : undefined;
    const message = lang === "he" && isPasswordReason(reason) ? PASSWORD_REASON_HE[reason] : serverMessage(e, "sign-up failed");
    set({ status: "failed", message });
    if (!rateLimited(e)) toast(message, "error", toastMs);
  };

  return {
    data: null,
    message: "",
    status: "idle",
    token: null,
    isAuthenticated: false,
    theme: "light",
    currentRoute: "",
    reset: false,
    signedUp: false,
    exceeded: false,
    user: null,
    checking: false,
    checked: false,

    init() {
      if (initialised || typeof window === "undefined") return;
      initialised = true;
      const theme = storage.get("theme") === "dark" ? "dark" : "light";
      set({ token: storage.get("token"), theme, currentRoute: storage.get("currentRoute") ?? "" });
      // Another tab logged out: follow it.
      window.addEventListener("storage", (ev) => {
        if (ev.key === "token" && !ev.newValue) set({ token: null, isAuthenticated: false, user: null });
      });
    },

    login: (credentials) => logIn("auth/in", credentials),
    loginWithGoogle: (credential) => logIn("auth/ingsi", { credential }),

    checkSession() {
      // Islands of one page share one check.
      checkInFlight ??= runCheck().finally(() => (checkInFlight = undefined));
      return checkInFlight;
    },

    async signUp(form, opts = {}) {
      set({ status: "loading" });
      loading().show("Loading...");
      try {
        const r = await api("sign/new", { body: form, auth: false });
        set({ message: r.message ?? "", status: "succeeded", signedUp: true });
        toast(r.message ?? "Signed up", "success");
      } catch (e) {
        accountRequestFailed(e, undefined, opts.lang);
        return false;
      } finally {
        loading().hide();
      }
      return (await get().login({ email: form.email, password: form.password })) && (await get().checkSession());
    },

    async signUpWithGoogle(credential, form) {
      try {
        const r = await api("sign/google", { body: { credential, ...form }, auth: false });
        set({ message: r.message ?? "", signedUp: true });
        toast(r.message ?? "Signed up", "success");
      } catch (e) {
        accountRequestFailed(e);
        return false;
      }
      return get().loginWithGoogle(credential);
    },

    async requestReset(email) {
      set({ status: "loading" });
      loading().show("Sending New Password To Email...");
      try {
        const r = await api("auth/resetpswd", { body: { email }, auth: false });
        set({ reset: true, status: "succeeded", message: r.message ?? "" });
        toast(r.message ?? "", "success", SESSION_TOAST_MS);
        return true;
      } catch (e) {
        accountRequestFailed(e, SESSION_TOAST_MS);
        return false;
      } finally {
        loading().hide();
      }
    },

    async setNewPassword(token, password) {
      set({ status: "loading" });
      loading().show("Saving your new password...");
      try {
        const r = await api("auth/newpswd", { body: { token, password }, auth: false });
        // Every session was revoked on the server, this one included.
        storage.remove("token");
        set({ status: "succeeded", message: r.message ?? "", token: null, isAuthenticated: false, user: null });
        toast(r.message ?? "Password changed", "success", SESSION_TOAST_MS);
        return true;
      } catch (e) {
        accountRequestFailed(e, SESSION_TOAST_MS);
        return false;
      } finally {
        loading().hide();
      }
    },

    logout(opts = {}) {
      // One log-out at a time: a burst of 401s must not start several. (An expired session keeps
      // the stored route: the same person signing in again goes back to it.)
      loggingOut ??= runLogout(opts.forget === true).finally(() => (loggingOut = undefined));
      return loggingOut;
    },

    clearReset: () => set({ reset: false }),
    disableSignUp: () => set({ signedUp: false }),

    setCurrentRoute(route) {
      const next = route ?? (typeof location !== "undefined" ? location.pathname : "");
      storage.set("currentRoute", next);
      set({ currentRoute: next });
    },

    setExceeded(retryAfterSeconds) {
      clearTimeout(exceededTimer);
      set({ exceeded: true });
      toast(`Too many requests. Please try again in ${formatWait(retryAfterSeconds)}.`, "error", SESSION_TOAST_MS);
      exceededTimer = setTimeout(() => set({ exceeded: false }), retryAfterSeconds * 1000);
    },
    clearExceeded() {
      clearTimeout(exceededTimer);
      set({ exceeded: false });
    },

    toggleTheme() {
      const theme: Theme = get().theme === "dark" ? "light" : "dark";
      document.documentElement.classList.toggle("dark", theme === "dark");
      storage.set("theme", theme);
      set({ theme });
    },
  };
});

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function formatWait(seconds: number): string {
  if (seconds < 90) return `${Math.max(1, Math.round(seconds))} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

// 401 → log out (unless it is the start-up check's own answer); 429 → the exceeded flag.
setApiHooks({
  onUnauthorized: () => {
    const s = useAuth.getState();
    if (!s.checking) void s.logout();
  },
  onRateLimited: (seconds) => useAuth.getState().setExceeded(seconds),
});
