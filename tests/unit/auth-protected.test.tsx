// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import Protected, { ADMINS_ONLY } from "../../src/islands/shared/Protected.tsx";
import { useAuth } from "../../src/lib/stores/auth.ts";
import { takeFlash } from "../../src/lib/flash.ts";

let replaced: string[] = [];
let checkAnswer: { status: number; body: unknown };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  replaced = [];
  useAuth.setState({ isAuthenticated: false, user: null, checked: false, checking: false, message: "" });
  history.replaceState(null, "", "/admin?tab=logs");
  vi.spyOn(location, "replace").mockImplementation((url: string | URL) => void replaced.push(String(url)));
  vi.stubGlobal("fetch", async () => new Response(JSON.stringify(checkAnswer.body), { status: checkAnswer.status }));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const asUser = (role: "user" | "admin") => {
  localStorage.setItem("token", "t");
  checkAnswer = { status: 200, body: { status: true, data: { user: { email: "a@example.com", name: "a", role } } } };
};

describe("<Protected>", () => {
  it("shows a loading state while the session is checked, then the children", async () => {
    asUser("user");
    render(<Protected>secret area</Protected>);
    expect(screen.getByRole("status").textContent).toMatch(/Checking your session/);
    expect(await screen.findByText("secret area")).toBeTruthy();
    expect(replaced).toEqual([]);
    expect(localStorage.getItem("currentRoute")).toBe("/admin");
  });

  it("sends a signed-out visitor to /login, replacing history and remembering the origin", async () => {
    render(<Protected>secret area</Protected>);
    await waitFor(() => expect(replaced).toEqual(["/login?from=%2Fadmin%3Ftab%3Dlogs"]));
    expect(screen.queryByText("secret area")).toBeNull();
  });

  it("sends a user without the role to /home with a message", async () => {
    asUser("user");
    render(<Protected role="admin">admin area</Protected>);
    await waitFor(() => expect(replaced).toEqual(["/home"]));
    expect(screen.queryByText("admin area")).toBeNull();
    // The page being left (its own Feedback island may hydrate now) does not take the message.
    expect(takeFlash("/admin")).toBeNull();
    expect(takeFlash("/home")).toEqual({ message: ADMINS_ONLY, type: "error" });
  });

  it("lets an admin in", async () => {
    asUser("admin");
    render(<Protected role="admin">admin area</Protected>);
    expect(await screen.findByText("admin area")).toBeTruthy();
  });

  it("an expired session goes to /login and the message follows", async () => {
    localStorage.setItem("token", "dead");
    checkAnswer = { status: 401, body: { status: false, message: "Session expired" } };
    render(<Protected>secret area</Protected>);
    await waitFor(() => expect(replaced).toHaveLength(1));
    expect(takeFlash("/admin")).toBeNull();
    expect(takeFlash("/login")).toEqual({ message: "Session Expired", type: "error" });
    expect(takeFlash("/login")).toBeNull();
  });
});
