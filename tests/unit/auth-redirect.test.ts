// No open redirect after log-in (issue 24, item 3): `?from=`, the stored route and the landing
// page's inline redirect accept only what stays on the site's own origin once a browser has
// parsed it (tabs and newlines dropped, "\" read as "/").
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { homeRoute, safeReturnPath } from "../../src/lib/stores/auth.ts";
import { ENTRY_ROUTES, returnPath } from "../../src/lib/same-origin-path.ts";
import { LANDING_REDIRECT_SCRIPT } from "../../src/components/head-scripts";

const ORIGIN = "https://www.coastalmarine.example";
const HOSTILE = [
  // protocol-relative, full URLs, schemes
  "//evil.example", "https://evil.example/", "http://www.coastalmarine.example.evil.example/", "javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,x",
  // tabs, newlines and backslashes, which browsers drop or read as "/"
  "/\t/evil.example", "/\\evil.example", "\t//evil.example", "/\n/evil.example", "/\r\n/evil.example", "/\\/evil.example", "/\t\\evil.example",
  // dot segments and encoded dots (issue 33): each normalises to the path "//evil.example"
  "/.//evil.example", "/..//evil.example", "/%2e%2e//evil.example", "/%2E//evil.example", "/a/..//evil.example", "/./\\evil.example", "/.%2e//evil.example", "/\t.//evil.example",
];

/** Where the landing page's inline script sends a signed-in visitor whose stored route is `route`. */
function landingRedirect(route: string): string[] {
  const replaced: string[] = [];
  runInNewContext(LANDING_REDIRECT_SCRIPT, {
    document: { documentElement: { classList: { add: () => {} } } },
    localStorage: { getItem: (k: string) => ({ token: "t", currentRoute: route })[k as "token"] ?? null },
    location: { origin: ORIGIN, replace: (u: string) => replaced.push(u) },
    URL,
  });
  return replaced;
}

describe("hostile return addresses", () => {
  it.each(HOSTILE)("%j is refused as ?from= and sends a stored route to /home", (payload) => {
    // What a browser would open for it, to be sure each payload really leaves the site: at once,
    // or once its normalised path is given to location.replace ("//evil.example").
    const first = new URL(payload, ORIGIN);
    expect(first.origin !== ORIGIN || new URL(first.pathname, ORIGIN).origin !== ORIGIN).toBe(true);
    expect(safeReturnPath(payload, ORIGIN)).toBeNull();
    expect(homeRoute(payload, ORIGIN)).toBe("/home");
    expect(returnPath(payload, ORIGIN, [])).toBeNull();
    expect(landingRedirect(payload)).toEqual(["/home"]);
  });

  it.each([
    ["/editor?tab=2#x", "/editor?tab=2#x"],
    ["/products/dock-ladder", "/products/dock-ladder"],
    ["/a/../editor", "/editor"],
  ])("a path of the site (%j) is kept as the browser reads it (%j)", (path, to) => {
    expect(safeReturnPath(path, ORIGIN)).toBe(to);
    expect(homeRoute(path, ORIGIN)).toBe(to);
    expect(landingRedirect(path)).toEqual([to]);
  });

  it("the landing page's inline script is the same function, inlined at build time (not a copy)", () => {
    expect(LANDING_REDIRECT_SCRIPT).toContain(returnPath.toString());
    expect(LANDING_REDIRECT_SCRIPT).toContain(JSON.stringify(ENTRY_ROUTES));
  });

  it.each(["/login", "/landing/", "/", "/signup?x=1"])("an entry page (%j) is not a place to return to", (path) => {
    expect(safeReturnPath(path, ORIGIN)).toBeNull();
    expect(homeRoute(path, ORIGIN)).toBe("/home");
  });
});
