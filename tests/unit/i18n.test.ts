import { describe, expect, it } from "vitest";
import { z } from "astro/zod";
import { englishPath, hasSpanish, localHref, localeOfPath, pagePath } from "../../src/lib/i18n/locales";
import { TRANSLATABLE, englishTexts, isTranslatable, langOf, localize, missingSpanish } from "../../src/lib/contracts/translations";
import { aboutSchema, legalSchema, reviewSchema, serviceSchema, siteSchema } from "../../src/content-schemas";
import about from "../../content/about.json";
import legal from "../../content/legal.json";
import reviews from "../../content/reviews.json";
import services from "../../content/services.json";
import site from "../../content/site.json";
import gallery from "../../content/gallery.json";
import catalogue from "../../content/products/catalogue.json";

describe("the same page in the other language", () => {
  it.each([
    // English path, its Spanish, and back
    ["/", "/es"],
    ["/landing", "/es"],
    ["/about", "/es/about"],
    ["/services", "/es/services"],
    ["/services/boat-lifts", "/es/services/boat-lifts"],
    ["/products/stainless-dock-cleat-10", "/es/products/stainless-dock-cleat-10"],
    ["/gallery", "/es/gallery"],
    ["/contact", "/es/contact"],
    ["/privacy", "/es/privacy"],
    ["/terms", "/es/terms"],
    ["/estimate", "/es/estimate"],
    ["/book", "/es/book"],
    ["/book/change", "/es/book/change"],
  ])("%s ⇄ %s", (en, es) => {
    expect(pagePath(en, "es")).toBe(es);
    expect(pagePath(`${en}/`, "es")).toBe(es);
    expect(pagePath(es, "en")).toBe(en === "/landing" ? "/" : en);
    expect(localeOfPath(es)).toBe("es");
    expect(localeOfPath(en)).toBe("en");
  });
  it.each(["/login", "/signup", "/home", "/admin", "/editor", "/newpswd", "/api/services", "/book/other"])("%s has no Spanish version", (path) => {
    expect(hasSpanish(path)).toBe(false);
    expect(pagePath(path, "es")).toBeNull();
  });
  it("a path that only starts like /es is English", () => {
    expect(localeOfPath("/estimate")).toBe("en");
    expect(englishPath("/es/estimate")).toBe("/estimate");
  });
  it.each([
    ["/contact#quote", "/es/contact#quote"],
    ["/products?q=cleat", "/es/products?q=cleat"],
    ["/login", "/login"],
    ["https://astro.build", "https://astro.build"],
    ["mailto:office@example.com", "mailto:office@example.com"],
    ["#contact", "#contact"],
  ])("a link to %s from a Spanish page goes to %s", (href, out) => {
    expect(localHref(href, "es")).toBe(out);
    expect(localHref(href, "en")).toBe(href);
  });
});

describe("translations", () => {
  const legalDoc = { title: "Privacy", sections: [{ heading: "A", body: "a" }, { heading: "B", body: "b" }], externalLinks: [{ label: "L", url: "https://x" }], es: { title: "Privacidad", "sections.1.body": "be" } };
  it("paths match their patterns, list items by number", () => {
    expect(isTranslatable("sections.3.body", TRANSLATABLE.legal)).toBe(true);
    expect(isTranslatable("sections.x.body", TRANSLATABLE.legal)).toBe(false);
    expect(isTranslatable("lastUpdated", TRANSLATABLE.legal)).toBe(false);
  });
  it("lists the English texts in order", () => {
    expect(englishTexts(legalDoc, TRANSLATABLE.legal).map((t) => t.path)).toEqual(["title", "sections.0.heading", "sections.1.heading", "sections.0.body", "sections.1.body", "externalLinks.0.label"]);
  });
  it("a Spanish page shows the Spanish, and the English where there is none, marked", () => {
    const l = localize(legalDoc, "es", TRANSLATABLE.legal);
    expect(l.data.title).toBe("Privacidad");
    expect(l.data.sections[1].body).toBe("be");
    expect(l.data.sections[0].body).toBe("a");
    expect(langOf(l, "sections.0.body")).toBe("en");
    expect(langOf(l, "title")).toBeUndefined();
    expect(legalDoc.title).toBe("Privacy");
  });
  it("an English page is the entry as it is", () => {
    const l = localize(legalDoc, "en", TRANSLATABLE.legal);
    expect(l.data).toBe(legalDoc);
    expect(l.english.size).toBe(0);
  });
  it("names what has no Spanish", () => {
    expect(missingSpanish(legalDoc, legalDoc.es, TRANSLATABLE.legal)).toEqual(["sections.0.heading", "sections.1.heading", "sections.0.body", "externalLinks.0.label"]);
  });
});

describe("the seed's Spanish is complete and marked sample", () => {
  const entries: [string, unknown[], readonly string[]][] = [
    ["site", [site], TRANSLATABLE.site],
    ["about", [about], TRANSLATABLE.about],
    ["services", services, TRANSLATABLE.services],
    ["reviews", reviews, TRANSLATABLE.reviews],
    ["gallery", gallery, TRANSLATABLE.gallery],
    ["legal", legal, TRANSLATABLE.legal],
  ];
  it.each(entries)("%s", (_, list, patterns) => {
    for (const e of list as { es?: Record<string, string>; esSample?: boolean }[]) {
      expect(missingSpanish(e, e.es, patterns)).toEqual([]);
      expect(e.esSample).toBe(true);
      // Every Spanish text answers an English one.
      expect(Object.keys(e.es ?? {}).filter((k) => !englishTexts(e, patterns).some((t) => t.path === k))).toEqual([]);
    }
  });
  it("every product", () => {
    for (const p of catalogue) expect(missingSpanish(p, p.es, TRANSLATABLE.products)).toEqual([]);
  });
});

describe("the schemas check the Spanish by the English field's rule", () => {
  const img = z.string();
  it.each([
    ["a Spanish SEO title over 90 characters", () => serviceSchema(img).safeParse({ ...services[0], es: { seoTitle: "x".repeat(91) } }), "es.seoTitle"],
    ["HTML in a Spanish review", () => reviewSchema(img).safeParse({ ...reviews[0], es: { reviewText: "<script>alert(1)</script>" } }), "es.reviewText"],
    ["a text that has no Spanish version (the phone)", () => siteSchema.safeParse({ ...site, es: { phone: "(239) 555-0000" } }), "es.phone"],
    ["a Spanish paragraph for a path that is not a number", () => aboutSchema(img).safeParse({ ...about, es: { "paragraphs.x": "hola" } }), "es.paragraphs.x"],
  ])("refuse %s", (_, parse, path) => {
    const r = parse();
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join("."))).toContain(path);
  });
  it("drop empty Spanish texts (the page shows the English)", () => {
    expect(legalSchema.parse({ ...legal[0], es: { title: "  ", summary: " Resumen " } }).es).toEqual({ summary: "Resumen" });
  });
  it("take an entry with no Spanish at all", () => {
    const { es: _es, esSample: _s, ...plain } = reviews[0];
    expect(reviewSchema(img).parse(plain)).toMatchObject({ es: {}, esSample: false });
  });
});
