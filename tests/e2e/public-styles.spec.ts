// The public pages load one stylesheet of their own, cached as a file, and the back office another
// (issue 38): public.css is compiled from the files the public pages are built from, so a class a
// public page uses but only the back office's files spell would get no style there. No browser:
// the served HTML and CSS are read with Playwright's `request` fixture.
import { expect, test, type APIRequestContext } from "@playwright/test";
import { PUBLIC_PAGES } from "./marketing-helpers";

const stylesheets = (html: string) => [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map((m) => /\bhref="([^"]+)"/.exec(m[0])![1]);

/** The class names a stylesheet has rules for (`.sm\:grid-cols-2:hover` → `sm:grid-cols-2`). */
const classesIn = (css: string) => new Set([...css.matchAll(/\.((?:\\.|[\w-])+)/g)].map((m) => m[1].replace(/\\(.)/g, "$1")));

/** Every class name written in the page's HTML (its islands' first render included). */
const classesOf = (html: string) => new Set([...html.matchAll(/\bclass="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/).filter(Boolean)));

async function page(request: APIRequestContext, path: string) {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  return res.text();
}

test("public pages link the public stylesheet only, and every class they use that the back office's stylesheet styles, theirs styles too", async ({ request }) => {
  const staffHtml = await page(request, "/admin");
  const [staffHref] = stylesheets(staffHtml);
  const staff = classesIn(await (await request.get(staffHref)).text());
  const products = (await (await request.get("/api/public/products")).json()) as { data: { id: string }[] };
  const paths = [...PUBLIC_PAGES.map((p) => p.path), "/es/", "/es/about", "/es/book", "/products", `/products/${products.data[0].id}`, "/login", "/resetpswd", "/home"];
  let publicHref = "";
  let styled = new Set<string>();
  for (const path of paths) {
    const html = await page(request, path);
    const links = stylesheets(html);
    expect(links, `${path} links one stylesheet`).toHaveLength(1);
    expect(links[0], `${path} does not load the back office's stylesheet`).not.toBe(staffHref);
    if (links[0] !== publicHref) {
      publicHref = links[0];
      styled = classesIn(await (await request.get(publicHref)).text());
    }
    const unstyled = [...classesOf(html)].filter((c) => staff.has(c) && !styled.has(c));
    expect(unstyled, `${path}: classes only the back office's stylesheet has rules for`).toEqual([]);
  }
  // The point of the split: the visitor's stylesheet is the smaller one.
  const size = async (href: string) => (await (await request.get(href)).body()).length;
  expect(await size(publicHref)).toBeLessThan((await size(staffHref)) * 0.85);
});

test("the back office's screens have rules for every class they share with the public pages (the header's links too)", async ({ request }) => {
  const [publicHref] = stylesheets(await page(request, "/"));
  const styledPublic = classesIn(await (await request.get(publicHref)).text());
  for (const path of ["/admin", "/editor", "/signup"]) {
    const html = await page(request, path);
    const [staffHref] = stylesheets(html);
    const styled = classesIn(await (await request.get(staffHref)).text());
    const unstyled = [...classesOf(html)].filter((c) => styledPublic.has(c) && !styled.has(c));
    expect(unstyled, `${path}: classes only the public stylesheet has rules for`).toEqual([]);
  }
});
