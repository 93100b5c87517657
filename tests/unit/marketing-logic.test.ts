import { runInNewContext } from "node:vm";
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { BOOT_SCRIPT, LANDING_REDIRECT_SCRIPT, cspHash } from "../../src/components/head-scripts";
import { NAV_LINKS, isCurrent, navHidden } from "../../src/components/nav-links";
import { counterValue } from "../../src/components/motion";
import { shownRange } from "../../src/components/reviews-paging";
import { isImageSource, picturesIn, showArrows, wrapIndex } from "../../src/islands/gallery/slides";
import { OTHER, clearedFields, quotePayload, subjectOf } from "../../src/islands/quote/payload";
import { detailsText } from "../../src/lib/contracts/lead";
import { DETAILS_MAX } from "../../src/lib/contracts/lead";

/** Runs an inline head script against a fake document, storage and location. */
function runHead(code: string, stored: Record<string, string>) {
  const classes = new Set<string>();
  const replaced: string[] = [];
  runInNewContext(code, {
    document: { documentElement: { classList: { add: (c: string) => classes.add(c) } } },
    localStorage: { getItem: (k: string) => stored[k] ?? null },
    location: { origin: "https://site.example", replace: (u: string) => replaced.push(u) },
    URL,
    atob,
  });
  return { classes: [...classes].sort(), replaced };
}

describe("the boot script marks the document before paint", () => {
  it.each([
    [{}, ["js", "needs-consent"]],
    [{ theme: "dark", consent: "all" }, ["dark", "js"]],
    [{ theme: "light", token: "t", consent: "essential" }, ["js", "signed-in"]],
  ])("storage %j → classes %j", (stored, classes) => expect(runHead(BOOT_SCRIPT, stored).classes).toEqual(classes));
});

describe("the landing page sends signed-in visitors on (spec §2)", () => {
  it.each([
    [{ token: "t", currentRoute: "/about" }, "/about"],
    [{ token: "t", currentRoute: "/editor?tab=2" }, "/editor?tab=2"],
    [{ token: "t" }, "/home"],
    [{ token: "t", currentRoute: "/login" }, "/home"],
    [{ token: "t", currentRoute: "/landing/" }, "/home"],
    [{ token: "t", currentRoute: "/" }, "/home"],
    [{ token: "t", currentRoute: "https://evil.example" }, "/home"],
    [{ token: "t", currentRoute: "//evil.example" }, "/home"],
    [{ token: "t", currentRoute: "/\\evil.example" }, "/home"],
  ])("%j → %s", (stored, target) => expect(runHead(LANDING_REDIRECT_SCRIPT, stored).replaced).toEqual([target]));
  it("leaves signed-out visitors where they are", () => {
    expect(runHead(LANDING_REDIRECT_SCRIPT, { currentRoute: "/about" }).replaced).toEqual([]);
  });
  // A JWT as the server signs it (header.payload.signature, base64url), with `exp` in seconds.
  const jwt = (payload: object) => `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString("base64url")}.sig`;
  const now = Math.floor(Date.now() / 1000);
  it("leaves a visitor whose token has expired on the landing page (issue 25: no bounce through /home to /login)", () => {
    expect(runHead(LANDING_REDIRECT_SCRIPT, { token: jwt({ sub: "u", exp: now - 60 }), currentRoute: "/admin" }).replaced).toEqual([]);
  });
  it.each([
    ["a live token", jwt({ sub: "u", exp: now + 3600 })],
    // base64url with '-' and '_' in the payload, and no padding
    ["a live token whose payload needs base64url", jwt({ sub: "ü>?~", exp: now + 3600 })],
    ["a token without exp", jwt({ sub: "u" })],
    ["a token that is not a JWT", "opaque"],
  ])("sends on a visitor with %s (the server judges what the page cannot read)", (_, token) => {
    expect(runHead(LANDING_REDIRECT_SCRIPT, { token, currentRoute: "/admin" }).replaced).toEqual(["/admin"]);
  });
  it("hashes scripts the way browsers check them", () => {
    expect(cspHash("alert(1)")).toBe(`sha256-${createHash("sha256").update("alert(1)").digest("base64")}`);
  });
});

describe("navigation", () => {
  it("lists the signed-out and signed-in entries of spec §2 in order", () => {
    const labels = (auth: "in" | "out") => NAV_LINKS.filter((l) => l.auth === "any" || l.auth === auth).map((l) => `${l.label} ${l.href}`);
    expect(labels("out")).toEqual(["Home /landing", "About Us /about", "Services /services", "Shop /products", "Our Work /gallery", "Contact Us /contact"]);
    expect(labels("in")).toEqual(["Home /home", "About Us /about", "Services /services", "Editor /editor", "Shop /products", "Our Work /gallery", "Contact Us /contact"]);
  });
  it.each([
    ["/", "/landing", true],
    ["/landing/", "/landing", true],
    ["/services/seawalls", "/services", true],
    ["/services", "/services", true],
    ["/servicesx", "/services", false],
    ["/about", "/landing", false],
  ])("%s underlines %s: %s", (path, href, current) => expect(isCurrent(path, href)).toBe(current));
  it.each([
    [0, 400, false, false],
    [400, 600, false, true],
    [600, 900, true, true],
    [900, 880, true, false],
    [100, 300, false, false],
    [700, 0, true, false],
  ])("from %i to %i (hidden %s) → hidden %s", (from, to, was, now) => expect(navHidden(from, to, was)).toBe(now));
});

describe("animations", () => {
  it.each([
    [0, 0],
    [7000, 1500],
    [9000, 1500],
  ])("the counter shows %i ms → %i", (t, v) => expect(counterValue(1500, t, 7000)).toBe(v));
  it("the counter only ever goes up", () => {
    let last = 0;
    for (let t = 0; t <= 7000; t += 50) {
      const v = counterValue(1500, t, 7000);
      expect(v).toBeGreaterThanOrEqual(last);
      last = v;
    }
  });
  // Five 300 px cards 20 px apart in a strip 940 px wide (three whole cards a screen).
  const cards: [number, number][] = [0, 320, 640, 960, 1280].map((left) => [left, 300]);
  it.each([
    [0, 940, [1, 3]], // the first screen
    [960, 940, [4, 5]], // one screenful further: the last two
    [200, 940, [2, 4]], // a card counts when at least half of it is in view
    [0, 300, [1, 1]], // a phone: one card a screen
  ] as const)("the reviews strip scrolled to %i (%i px wide) shows reviews %j", (left, width, shown) => expect(shownRange(cards, left, width)).toEqual(shown));
});

describe("gallery carousel rules", () => {
  it.each([
    ["/_astro/dock.abc.webp", true],
    ["/a/b.JPG?w=400", true],
    ["x.jpeg", true],
    ["x.gif", true],
    ["x.png#top", true],
    ["x.svg", true],
    ["x.avif", false],
    ["clip.mp4", false],
    ["", false],
    ["noextension", false],
  ])("%s is a picture: %s", (src, yes) => expect(isImageSource(src)).toBe(yes));
  it("shows arrows only when some slide is a picture", () => {
    expect(showArrows([{ src: "" }, { src: "a.mp4" }])).toBe(false);
    expect(showArrows([{ src: "" }, { src: "a.png" }])).toBe(true);
  });
  it.each([
    [12, 12, 0],
    [-1, 12, 11],
    [5, 12, 5],
    [3, 0, 0],
  ])("index %i of %i wraps to %i", (i, n, out) => expect(wrapIndex(i, n)).toBe(out));
});

describe("the quote request body", () => {
  const fields = { fullName: " Pat ", email: "pat@example.com ", phone: "(239) 555-0188", address: "", service: "Seawalls", other: "", details: "" };
  const source = { startedAt: 1700000000000, page: "/contact", referrer: "https://www.google.com/", utm: { source: "google", medium: "cpc" }, website: "" };
  it("carries the trimmed fields and the visit's source fields", () => {
    expect(quotePayload(fields, source)).toEqual({
      fullName: "Pat",
      email: "pat@example.com",
      address: "",
      phone: "(239) 555-0188",
      subject: "Seawalls",
      website: "",
      startedAt: 1700000000000,
      page: "/contact",
      referrer: "https://www.google.com/",
      utm: { source: "google", medium: "cpc" },
    });
  });
  it("carries the project details with their line breaks, trimmed and bounded, and leaves them out when empty", () => {
    const body = quotePayload({ ...fields, details: "  Seawall 120 ft\r\nDock 8x30 ft\n\nלקוח חוזר  " }, source);
    expect(body.details).toBe("Seawall 120 ft\nDock 8x30 ft\n\nלקוח חוזר");
    expect(quotePayload({ ...fields, details: "x".repeat(DETAILS_MAX + 50) }, source).details).toHaveLength(DETAILS_MAX);
    expect(quotePayload({ ...fields, details: " \n " }, source)).not.toHaveProperty("details");
    expect(detailsText("a\rb")).toBe("a\nb");
  });
  it("uses the visitor's own words as subject when 'Other' is chosen", () => {
    expect(subjectOf({ service: OTHER, other: " Floating dock " })).toBe("Floating dock");
    expect(subjectOf({ service: "Dredging", other: "ignored" })).toBe("Dredging");
  });
  it("clears every field after sending, keeping the signed-in e-mail", () => {
    expect(clearedFields("me@example.com")).toEqual({ fullName: "", email: "me@example.com", phone: "", address: "", service: "", other: "", details: "" });
    expect(clearedFields(null).email).toBe("");
  });
});

describe("carousel pictures in the page (picturesIn)", () => {
  const ids = (s: Set<number>) => [...s].sort((a, b) => a - b);
  it("at first, the first slide and the two after it", () => expect(ids(picturesIn(new Set(), 0, 13))).toEqual([0, 1, 2]));
  it("moving on adds the one before and the two after, and keeps what was shown", () => {
    expect(ids(picturesIn(new Set([0, 1, 2]), 4, 13))).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
  it("wrapping to the last slide adds it and the one before it, not beyond the end", () => {
    expect(ids(picturesIn(new Set([0, 1, 2]), 12, 13))).toEqual([0, 1, 2, 11, 12]);
  });
  it("a carousel shorter than the window", () => expect(ids(picturesIn(new Set(), 0, 2))).toEqual([0, 1]));
});
