// What the served HTML itself must carry: status codes, the h1, SEO tags, JSON-LD, the footer,
// sitemap and robots, and internal links that resolve. These need no browser: each test asks the
// test server with Playwright's `request` fixture and reads the HTML (no `page`, so no browser is
// launched). What needs one (scripts, CSP violations, layout) stays in marketing-pages.spec.ts.
import { expect, test, type APIRequestContext } from "@playwright/test";
import services from "../../content/services.json" with { type: "json" };
import site from "../../content/site.json" with { type: "json" };
import reviews from "../../content/reviews.json" with { type: "json" };
import { PUBLIC_PAGES } from "./marketing-helpers";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", copy: "©" };
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) =>
    e[0] === "#" ? String.fromCodePoint(e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : (ENTITIES[e.toLowerCase()] ?? m),
  );

/** The attributes of one start tag's inside (`<a href="/x" class=y>` → { href: "/x", class: "y" }). */
function attrs(inside: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of inside.matchAll(/([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g)) out[m[1].toLowerCase()] = decode(m[2] ?? m[3] ?? m[4] ?? "");
  return out;
}

/** Every `<tag …>` start tag's attributes, in document order. */
const tags = (html: string, tag: string) => [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, "gi"))].map((m) => attrs(m[1]));

/** Text as a reader gets it: no tags, no hidden icons, entities decoded, white space collapsed. */
const text = (html: string) =>
  decode(
    html
      .replace(/<(svg|script|style|template)\b[\s\S]*?<\/\1>/gi, "")
      .replace(/<[^>]+>/g, "")
      .replace(/\s+/g, " "),
  ).trim();

/** The elements `<tag>…</tag>` (not nested in one another) with their attributes, inner HTML and text. */
const elements = (html: string, tag: string) =>
  [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)</${tag}>`, "gi"))].map((m) => ({ attrs: attrs(m[1]), inner: m[2], text: text(m[2]) }));

/** Links as a screen reader names them: the aria-label, else the text. */
const links = (html: string) => elements(html, "a").map((a) => ({ href: a.attrs.href, name: a.attrs["aria-label"] || a.text }));

const meta = (html: string, key: "name" | "property", value: string) => tags(html, "meta").find((m) => m[key] === value)?.content;

const jsonLd = (html: string) => {
  const scripts = elements(html, "script").filter((s) => s.attrs.type === "application/ld+json");
  expect(scripts).toHaveLength(1);
  return JSON.parse(scripts[0].inner);
};

async function html(request: APIRequestContext, path: string, status = 200) {
  const r = await request.get(path);
  expect(r.status(), path).toBe(status);
  expect(r.headers()["content-type"], path).toMatch(/^text\/html/);
  return r.text();
}

test.describe("every public page's HTML", () => {
  for (const { path, h1 } of PUBLIC_PAGES) {
    test(`${path}: one h1, SEO tags, business JSON-LD, the footer`, async ({ request }) => {
      const page = await html(request, path);
      expect(elements(page, "h1").map((h) => h.text)).toEqual([h1]);
      expect(meta(page, "name", "description")?.length).toBeGreaterThan(50);
      const canonical = tags(page, "link").filter((l) => l.rel === "canonical");
      expect(canonical).toHaveLength(1);
      expect(new URL(canonical[0].href).pathname).toBe(path === "/landing" ? "/" : path);
      expect(meta(page, "property", "og:image")).toMatch(/^https?:\/\/.+\.(jpg|png|webp)$/);
      const ld = jsonLd(page);
      expect(ld[0]["@type"]).toBe("HomeAndConstructionBusiness");
      expect(ld[0].telephone).toBe("+12395550142");
      // Footer: links, phone, e-mail, hours, socials, © 2025.
      const footers = elements(page, "footer");
      expect(footers).toHaveLength(1);
      const footer = footers[0];
      const inFooter = links(footer.inner);
      const hrefOf = (name: string | RegExp) => inFooter.filter((l) => (typeof name === "string" ? l.name === name : name.test(l.name))).map((l) => l.href);
      for (const [label, href] of [["Shop", "/products"], ["Services", "/services"], ["Get Quote", "/contact"], ["Privacy Policy", "/privacy"], ["Terms & Conditions", "/terms"]]) {
        expect(hrefOf(label), `footer link ${label}`).toEqual([href]);
      }
      expect(hrefOf(new RegExp(site.phone.replace(/[()+]/g, "\\$&")))).toEqual(["tel:+12395550142"]);
      expect(hrefOf(new RegExp(site.email))).toEqual([`mailto:${site.email}`]);
      expect(footer.text).toContain("Monday to Friday, 8 am to 5 pm");
      expect(footer.text).toContain(`© ${new Date().getFullYear()} `);
      expect(hrefOf("Facebook")).toEqual([site.social.facebook]);
      expect(hrefOf("Instagram")).toEqual([site.social.instagram]);
    });
  }
});

test("the landing page shows its reviews as text but publishes no rating or review markup of its own (decision 14)", async ({ request }) => {
  for (const path of ["/", "/landing"]) {
    const page = await html(request, path);
    const ld = jsonLd(page);
    expect(ld.map((x: { "@type": string }) => x["@type"])).toEqual(["HomeAndConstructionBusiness"]);
    expect(ld[0]).toMatchObject({ telephone: "+12395550142", address: { addressLocality: site.address.city } });
    expect(JSON.stringify(ld)).not.toMatch(/aggregateRating|"review"|"Review"|"Rating"/);
    for (const r of reviews) expect(page, `review by ${r.name} on ${path}`).toContain(r.name);
  }
});

test("a service page has Service and BreadcrumbList data, its own title and the other services", async ({ request }) => {
  const service = services.find((s) => s.slug === "pile-wrapping")!;
  const page = await html(request, service.path);
  expect(elements(page, "title").map((t) => t.text)).toEqual([service.seoTitle]);
  const ld = jsonLd(page);
  expect(ld.map((x: { "@type": string }) => x["@type"])).toEqual(["HomeAndConstructionBusiness", "Service", "BreadcrumbList"]);
  expect(ld[2].itemListElement.map((i: { name: string }) => i.name)).toEqual(["Home", "Services", "Pile Wrapping and Scraping"]);
  expect(elements(page, "h2").map((h) => h.text)).toContain("Explore Other Services");
  const aside = elements(page, "aside");
  expect(aside).toHaveLength(1);
  expect(elements(aside[0].inner, "li").flatMap((li) => links(li.inner).map((l) => l.href))).toEqual(services.filter((s) => s !== service).map((s) => s.path));
  expect(meta(page, "name", "twitter:card")).toBe("summary_large_image");
});

for (const path of ["/no-such-page", "/services/no-such-service", "/about/deeper"]) {
  test(`${path} answers 404 with the not-found page`, async ({ request }) => {
    const page = await html(request, path, 404);
    expect(elements(page, "h1").map((h) => h.text)).toEqual(["Not Found"]);
    expect(text(page)).toContain("Something's missing.");
    expect(links(page).filter((l) => l.name === "Back to homepage").map((l) => l.href)).toEqual(["/landing"]);
  });
}

test.describe("the catalogue's HTML, as a visitor without JavaScript or a crawler gets it (decision 11)", () => {
  test("/products holds the first page of products: names, prices, pictures with their size, links", async ({ request }) => {
    const { data: products } = await (await request.get("/api/public/products")).json();
    const page = await html(request, "/products");
    const cards = elements(page, "a").filter((a) => a.attrs["data-testid"] === "product-card");
    expect(cards.map((c) => c.attrs.href)).toEqual(products.slice(0, 12).map((p: { id: string }) => `/products/${p.id}`));
    for (const [i, card] of cards.entries()) {
      expect(card.text).toContain(products[i].name);
      expect(card.text).toContain(products[i].price);
      const [img] = tags(card.inner, "img");
      expect(img).toMatchObject({ src: products[i].image, width: "800", height: "800" });
    }
    expect(text(page)).toMatch(/Showing 1–12 of \d+ items/);
  });

  test("a product's page holds its name, price, picture, description, Product JSON-LD and the inquiry form", async ({ request }) => {
    const { data: product } = await (await request.get("/api/public/products/aluminum-dock-box")).json();
    const page = await html(request, "/products/aluminum-dock-box");
    expect(elements(page, "h1").map((h) => h.text)).toEqual([product.name]);
    expect(text(page)).toContain(product.price);
    expect(text(page)).toContain(product.description);
    expect(tags(page, "img").find((i) => i.alt === product.name)).toMatchObject({ src: product.image, width: "800", height: "800" });
    expect(elements(page, "title")[0].text).toBe(`${product.name} | Coastal Marine`);
    const canonical = tags(page, "link").find((l) => l.rel === "canonical");
    expect(new URL(canonical!.href).pathname).toBe("/products/aluminum-dock-box");
    const ld = jsonLd(page);
    const item = ld.find((i: { "@type": string }) => i["@type"] === "Product");
    expect(item).toMatchObject({ name: product.name, sku: product.id, offers: { "@type": "Offer", price: "1149.00", priceCurrency: "USD" } });
    expect(item.image).toMatch(new RegExp(`${product.image}$`));
    expect(item).not.toHaveProperty("aggregateRating");
    expect(text(page)).toContain(`Ask us about ${product.name}`);
    expect(tags(page, "button").length).toBeGreaterThan(0);
    expect(text(page)).toContain("Send Inquiry");
  });

  test("every product has its own page, and the sitemap lists them", async ({ request }) => {
    const { data: products } = await (await request.get("/api/public/products")).json();
    const sitemap = await (await request.get("/sitemap-0.xml")).text();
    for (const p of products as { id: string; name: string }[]) {
      expect(elements(await html(request, `/products/${p.id}`), "h1").map((h) => h.text)).toEqual([p.name]);
      expect(sitemap).toContain(`/products/${p.id}</loc>`);
    }
    expect(sitemap).not.toContain("/products/detail<");
  });
});

/**
 * Every page a visitor can reach from the public pages without signing in: the marketing pages,
 * the catalogue (its list and a product's prebuilt page) and the account pages.
 */
const CRAWLED = [...PUBLIC_PAGES.map((p) => p.path), "/products", "/products/aluminum-dock-box", "/home", "/editor", "/login", "/signup", "/resetpswd", "/no-such-page"];

test("every internal link of every public and catalogue page resolves", async ({ request }) => {
  const linked = new Map<string, string>();
  for (const from of CRAWLED) {
    const page = await html(request, from, from === "/no-such-page" ? 404 : 200);
    for (const { href } of tags(page, "a")) {
      if (!href || /^(https?:|mailto:|tel:|#)/.test(href)) continue;
      const path = new URL(href, `http://x${from}`).pathname;
      if (!linked.has(path)) linked.set(path, from);
    }
  }
  // The five pages other teams build are linked from here and served by this build: crawled too.
  expect([...linked.keys()]).toEqual(expect.arrayContaining(["/products", "/home", "/editor", "/login", "/signup"]));
  for (const [path, from] of linked) expect((await request.get(path)).status(), `${path} (linked from ${from})`).toBe(200);
});

test("sitemap and robots list the public pages only", async ({ request }) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/Sitemap: https?:\/\/.+\/sitemap-index\.xml/);
  const sitemap = await (await request.get("/sitemap-0.xml")).text();
  for (const s of services) expect(sitemap).toContain(`${s.path}</loc>`);
  expect(sitemap).not.toContain("/landing<");
  expect(sitemap).not.toContain("/404");
});
