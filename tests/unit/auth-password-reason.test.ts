// @vitest-environment happy-dom
// A refused password is explained in the screen's language (issue 24, item 6): the Hebrew sign-up
// shows the reason in Hebrew, the English screens the server's English message.
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { useAuth } from "../../src/lib/stores/auth.ts";
import { useToast } from "../../src/lib/stores/toast.ts";
import { PASSWORD_REASON_EN, PASSWORD_REASON_HE } from "../../src/lib/contracts/password.ts";

const form = { email: "skipper@example.com", password: "qwerty123", acceptTerms: true, updates: false };

beforeEach(() => {
  useToast.getState().clear();
  vi.stubGlobal("fetch", async () =>
    new Response(JSON.stringify({ status: false, message: PASSWORD_REASON_EN.common, field: "password", reason: "common" }), { status: 400 }),
  );
});
afterEach(() => vi.unstubAllGlobals());

it("the Hebrew sign-up says why in Hebrew", async () => {
  expect(await useAuth.getState().signUp(form, { lang: "he" })).toBe(false);
  expect(useToast.getState()).toMatchObject({ type: "error", message: PASSWORD_REASON_HE.common });
});

it("an English screen shows the server's English reason", async () => {
  expect(await useAuth.getState().signUp(form)).toBe(false);
  expect(useToast.getState()).toMatchObject({ type: "error", message: "This is a commonly used password" });
});

it("an unknown reason falls back to the server's message", async () => {
  vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ status: false, message: "Something else", reason: "no-such-reason" }), { status: 400 }));
  expect(await useAuth.getState().signUp(form, { lang: "he" })).toBe(false);
  expect(useToast.getState()).toMatchObject({ message: "Something else" });
});
