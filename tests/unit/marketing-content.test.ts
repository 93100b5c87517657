import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "astro/zod";
import about from "../../content/about.json";
import badges from "../../content/badges.json";
import gallery from "../../content/gallery.json";
import legal from "../../content/legal.json";
import reviews from "../../content/reviews.json";
import services from "../../content/services.json";
import site from "../../content/site.json";
import { HTML, aboutSchema, badgeSchema, beforeNeedsAlt, gallerySchema, legalSchema, reviewSchema, serviceSchema, siteSchema } from "../../src/content-schemas";

// Outside Astro, a picture is a path next to the JSON file that must exist.
const img = z.string().refine((p) => existsSync(new URL(`../../content/${p}`, import.meta.url)), "picture file is missing");

describe("content/ passes its schemas", () => {
  it.each([
    ["site.json", () => siteSchema.parse(site)],
    ["about.json", () => aboutSchema(img).parse(about)],
    ["services.json", () => z.array(serviceSchema(img)).parse(services)],
    ["reviews.json", () => z.array(reviewSchema(img)).parse(reviews)],
    ["gallery.json", () => z.array(gallerySchema(img)).parse(gallery)],
    ["badges.json", () => z.array(badgeSchema).parse(badges)],
    ["legal.json", () => z.array(legalSchema).parse(legal)],
  ])("%s", (_, parse) => {
    expect(parse).not.toThrow();
  });
});

describe("the schemas refuse bad content", () => {
  const good = services[0];
  it.each([
    ["a path that is not /services/<slug>", { ...good, path: "/services/other" }],
    ["three option phrases instead of four", { ...good, options: good.options.slice(0, 3) }],
    ["a one-line description", { ...good, description: "Short." }],
    ["a slug with spaces", { ...good, slug: "custom docks", path: "/services/custom docks" }],
    ["a missing picture", { ...good, image: "./images/services/nope.jpg" }],
  ])("a service with %s", (_, bad) => {
    expect(serviceSchema(img).safeParse(bad).success).toBe(false);
  });
  it.each([
    ["a phone without area code", { ...site, phone: "555-0142" }],
    ["a bad e-mail", { ...site, email: "office-at-example" }],
    ["hours without days", { ...site, hours: { ...site.hours, days: [] } }],
  ])("site.json with %s", (_, bad) => {
    expect(siteSchema.safeParse(bad).success).toBe(false);
  });
  // Issue 39: the team, the answers and the before picture.
  const person = about.team[0];
  it.each([
    ["no name", { ...person, name: "" }],
    ["a bio over 280 characters", { ...person, bio: "x".repeat(281) }],
    ["HTML in the role", { ...person, role: "<b>Owner</b>" }],
    ["no description of the portrait", { ...person, photoAlt: "" }],
  ])("a team member with %s", (_, bad) => {
    expect(aboutSchema(img).safeParse({ ...about, team: [bad] }).success).toBe(false);
  });
  it("an answer over 600 characters", () => {
    expect(serviceSchema(img).safeParse({ ...good, answers: { permits: "x".repeat(601) } }).success).toBe(false);
  });
  it("a before picture without its description, or a description without the picture", () => {
    const project = gallery.find((g) => "beforeImage" in g)!;
    const check = (items: unknown[]) => z.array(gallerySchema(img)).superRefine(beforeNeedsAlt).safeParse(items);
    expect(check([project]).success).toBe(true);
    expect(check([{ ...project, beforeAlt: undefined }]).error?.issues[0]?.path).toEqual([0, "beforeAlt"]);
    expect(check([{ ...project, beforeImage: undefined }]).error?.issues[0]?.path).toEqual([0, "beforeImage"]);
  });
  it("a review rated 6 of 5", () => {
    expect(reviewSchema(img).safeParse({ ...reviews[0], rating: 6 }).success).toBe(false);
  });
});

describe("the catalogue matches the spec", () => {
  it("holds eleven services with ids 0–10 and unique slugs", () => {
    expect(services.map((s) => s.id)).toEqual([...Array(11).keys()]);
    expect(new Set(services.map((s) => s.slug)).size).toBe(11);
  });
  it.each(["dock-construction", "boat-lifts", "seawalls", "dredging", "pile-wrapping", "soil-sampling", "electrical-plumbing", "tiki-huts", "canopies"])(
    "routes /services/%s (spec §2)",
    (slug) => expect(services.some((s) => s.path === `/services/${slug}`)).toBe(true),
  );
  it.each(["Custom Docks", "Dock Repairs", "Boatlifts", "Seawalls", "Dredging", "Tiki Huts", "Canopies", "Pile Wrapping", "Soil Testing & Surveying", "Demo / Remove Pilings", "Electrical & Plumbing"])(
    "names the service %s",
    (name) => expect(services.map((s) => s.name)).toContain(name),
  );
  it("has 5 reviews, 4 badges and the legal dates of spec §9", () => {
    expect(reviews).toHaveLength(5);
    expect(badges).toHaveLength(4);
    expect(Object.fromEntries(legal.map((l) => [l.id, l.lastUpdated]))).toEqual({ privacy: "2024-08-29", terms: "2025-01-23" });
  });
});

// Issue 33: the content filter let through a tag with no closing '>'.
describe("the content's HTML filter", () => {
  it.each(["<b>bold</b>", "<img src=x onerror=alert(1)", "</p", "< script", "<!-- x", "<!doctype html", "<?xml", "a <svg/onload=alert(1)"])("refuses %j", (t) => {
    expect(HTML.test(t)).toBe(true);
  });
  it.each(["3 < 5", "<3 our customers", "Docks & lifts", "a > b", "<", "price: <$500"])("lets %j through", (t) => {
    expect(HTML.test(t)).toBe(false);
  });
});
