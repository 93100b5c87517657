// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuth, homeRoute, safeReturnPath, LOGOUT_DELAY_MS } from "../../src/lib/stores/auth.ts";
import { useToast } from "../../src/lib/stores/toast.ts";
import { useLoading } from "../../src/lib/stores/loading.ts";
import { api } from "../../src/lib/api-client.ts";

type Answer = { status: number; body: unknown; headers?: Record<string, string> };
let answers: Record<string, Answer> = {};
const calls: { path: string; method: string; auth: string | null; body: unknown }[] = [];

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  calls.length = 0;
  answers = {};
  useAuth.setState({ isAuthenticated: false, user: null, token: null, status: "idle", message: "", exceeded: false, checked: false, checking: false, reset: false, signedUp: false });
  useToast.getState().clear();
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    const path = url.replace(/^\/api\//, "");
    const headers = new Headers(init.headers);
    calls.push({ path, method: init.method ?? "GET", auth: headers.get("authorization"), body: init.body ? JSON.parse(String(init.body)) : undefined });
    const a = answers[path] ?? { status: 404, body: { status: false, message: "Not found" } };
    return new Response(JSON.stringify(a.body), { status: a.status, headers: a.headers });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const user = { email: "skipper@example.com", name: "skipper", role: "user" as const };

describe("log-in", () => {
  it("stores token, e-mail and name, marks success and toasts the server's message", async () => {
    answers["auth/in"] = { status: 200, body: { status: true, data: { token: "t1", user }, message: "Login Sucsess" } };
    expect(await useAuth.getState().login({ email: user.email, password: "pw pw pw pw" })).toBe(true);
    expect([localStorage.getItem("token"), localStorage.getItem("email"), localStorage.getItem("name")]).toEqual(["t1", user.email, "skipper"]);
    expect(useAuth.getState()).toMatchObject({ isAuthenticated: true, status: "succeeded", token: "t1", user });
    expect(useToast.getState()).toMatchObject({ visible: true, type: "success", message: "Login Sucsess", timeout: 2000 });
    expect(useLoading.getState().visible).toBe(false);
  });

  it("on failure toasts 'login failed', marks failure and clears the loading state", async () => {
    localStorage.setItem("token", "stale");
    answers["auth/in"] = { status: 401, body: { status: false, message: "Wrong e-mail or password" } };
    const shown: string[] = [];
    const unsub = useLoading.subscribe((s) => s.visible && shown.push(s.message));
    expect(await useAuth.getState().login({ email: user.email, password: "nope nope" })).toBe(false);
    unsub();
    expect(shown).toContain("Logging in...");
    expect(useToast.getState()).toMatchObject({ type: "error", message: "login failed" });
    expect(useAuth.getState().status).toBe("failed");
    expect(useLoading.getState().visible).toBe(false);
    // The stale token was not sent, so the 401 did not start a log-out.
    expect(calls[0].auth).toBeNull();
  });
});

describe("session check at start", () => {
  it("with a live token: authenticated and 'Welcome Back' (3 s), once per tab", async () => {
    localStorage.setItem("token", "t1");
    answers["auth/check"] = { status: 200, body: { status: true, data: { user } } };
    expect(await useAuth.getState().checkSession()).toBe(true);
    expect(calls[0].auth).toBe("Bearer t1");
    expect(useAuth.getState()).toMatchObject({ isAuthenticated: true, user, checked: true });
    expect(useToast.getState()).toMatchObject({ message: "Welcome Back", timeout: 3000, type: "success" });
    useToast.getState().clear();
    await useAuth.getState().checkSession();
    expect(useToast.getState().visible).toBe(false);
  });

  it("greets in the page's language: Hebrew on the back office, Spanish on /es", async () => {
    localStorage.setItem("token", "t1");
    answers["auth/check"] = { status: 200, body: { status: true, data: { user } } };
    for (const [lang, greeting] of [["he", "ברוכים השבים"], ["es", "Bienvenido de nuevo"], ["en-US", "Welcome Back"]]) {
      document.documentElement.lang = lang;
      sessionStorage.removeItem("welcomed");
      useToast.getState().clear();
      await useAuth.getState().checkSession();
      expect(useToast.getState()).toMatchObject({ message: greeting, type: "success" });
    }
    document.documentElement.lang = "";
  });

  it("with a dead token: 'Session Expired' (3 s), token removed, no log-out screen", async () => {
    localStorage.setItem("token", "dead");
    answers["auth/check"] = { status: 401, body: { status: false, message: "Session expired" } };
    expect(await useAuth.getState().checkSession()).toBe(false);
    expect(localStorage.getItem("token")).toBeNull();
    expect(useToast.getState()).toMatchObject({ message: "Session Expired", type: "error", timeout: 3000 });
    expect(useLoading.getState().visible).toBe(false);
  });

  it("without a token: signed out at once, no call", async () => {
    expect(await useAuth.getState().checkSession()).toBe(false);
    expect(calls).toHaveLength(0);
    expect(useAuth.getState().checked).toBe(true);
  });
});

describe("log-out", () => {
  it("shows 'Logging Out...', revokes on the server, and clears everything after 2 s", async () => {
    vi.useFakeTimers();
    localStorage.setItem("token", "t1");
    localStorage.setItem("email", user.email);
    localStorage.setItem("name", "skipper");
    useAuth.setState({ isAuthenticated: true, user, token: "t1" });
    answers["auth/out"] = { status: 200, body: { status: true } };
    const done = useAuth.getState().logout();
    expect(useLoading.getState()).toMatchObject({ visible: true, message: "Logging Out..." });
    await vi.advanceTimersByTimeAsync(LOGOUT_DELAY_MS - 10);
    expect(useAuth.getState().isAuthenticated).toBe(true);
    await vi.advanceTimersByTimeAsync(20);
    await done;
    expect(calls.map((c) => [c.path, c.auth])).toEqual([["auth/out", "Bearer t1"]]);
    expect(useAuth.getState()).toMatchObject({ isAuthenticated: false, user: null, token: null });
    expect([localStorage.getItem("token"), localStorage.getItem("email"), localStorage.getItem("name")]).toEqual([null, null, null]);
    expect(useLoading.getState().visible).toBe(false);
  });

  it("a 401 from any call logs out (once, however many 401s)", async () => {
    vi.useFakeTimers();
    localStorage.setItem("token", "t1");
    useAuth.setState({ isAuthenticated: true, user, token: "t1" });
    answers["admin/stats"] = { status: 401, body: { status: false, message: "Session expired" } };
    answers["auth/out"] = { status: 200, body: { status: true } };
    // Each caller is still told its call was refused (the server's 401 and message), not left hanging.
    const refused = expect.objectContaining({ httpStatus: 401, message: "Session expired" });
    expect(await Promise.allSettled([api("admin/stats"), api("admin/stats")])).toEqual([
      { status: "rejected", reason: refused },
      { status: "rejected", reason: refused },
    ]);
    await vi.advanceTimersByTimeAsync(LOGOUT_DELAY_MS + 10);
    expect(useAuth.getState().isAuthenticated).toBe(false);
    expect(calls.filter((c) => c.path === "auth/out")).toHaveLength(1);
  });
});

describe("other flows", () => {
  it("a 429 sets the exceeded flag with a visible message, cleared after Retry-After", async () => {
    vi.useFakeTimers();
    answers["auth/in"] = { status: 429, body: { status: false, message: "Too many" }, headers: { "Retry-After": "30" } };
    await useAuth.getState().login({ email: user.email, password: "x x x x x" });
    expect(useAuth.getState().exceeded).toBe(true);
    expect(useToast.getState().message).toMatch(/try again in 30 seconds/);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(useAuth.getState().exceeded).toBe(false);
  });

  it("reset shows 'Sending New Password To Email...', then sets the reset flag and toasts the answer", async () => {
    answers["auth/resetpswd"] = { status: 200, body: { status: true, message: "If an account exists…" } };
    const shown: string[] = [];
    const unsub = useLoading.subscribe((s) => s.visible && shown.push(s.message));
    expect(await useAuth.getState().requestReset(user.email)).toBe(true);
    unsub();
    expect(shown).toEqual(["Sending New Password To Email..."]);
    expect(useAuth.getState().reset).toBe(true);
    expect(useToast.getState().message).toBe("If an account exists…");
    useAuth.getState().clearReset();
    expect(useAuth.getState().reset).toBe(false);
  });

  it("sign-up toasts the server's message, then logs in with the same credentials", async () => {
    answers["sign/new"] = { status: 201, body: { status: true, message: "Welcome aboard" } };
    answers["auth/in"] = { status: 200, body: { status: true, data: { token: "t2", user }, message: "Login Sucsess" } };
    answers["auth/check"] = { status: 200, body: { status: true, data: { user } } };
    const ok = await useAuth.getState().signUp({ email: user.email, password: "long enough pw", acceptTerms: true, updates: false });
    expect(ok).toBe(true);
    expect(calls.map((c) => c.path)).toEqual(["sign/new", "auth/in", "auth/check"]);
    expect(calls[1].body).toEqual({ email: user.email, password: "long enough pw" });
  });

  it("a refused sign-up shows the server's message", async () => {
    answers["sign/new"] = { status: 409, body: { status: false, message: "An account with this e-mail already exists" } };
    expect(await useAuth.getState().signUp({ email: user.email, password: "long enough pw", acceptTerms: true, updates: false })).toBe(false);
    expect(useToast.getState()).toMatchObject({ type: "error", message: "An account with this e-mail already exists" });
  });

  it("remembers the current route in localStorage", () => {
    useAuth.getState().setCurrentRoute("/editor");
    expect(localStorage.getItem("currentRoute")).toBe("/editor");
  });

  it("toggles the theme, the dark class and the saved choice", () => {
    useAuth.setState({ theme: "light" });
    useAuth.getState().toggleTheme();
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    expect(localStorage.getItem("theme")).toBe("dark");
  });
});

describe("where to go", () => {
  it.each([
    ["/editor", "/editor"],
    ["", "/home"],
    ["/login", "/home"],
    ["/landing", "/home"],
    ["/", "/home"],
    ["//evil.example.com", "/home"],
  ])("current route %j sends a signed-in visitor to %s", (route, to) => {
    expect(homeRoute(route)).toBe(to);
  });

  it.each([
    ["/home", "/home"],
    ["/editor?tab=2", "/editor?tab=2"],
    ["https://evil.example.com", null],
    ["//evil.example.com", null],
    ["/\\evil.example.com", null],
    ["/login", null],
    [null, null],
  ])("?from=%j returns to %j", (from, to) => {
    expect(safeReturnPath(from)).toBe(to);
  });
});
