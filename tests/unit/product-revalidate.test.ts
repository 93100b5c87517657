// @vitest-environment happy-dom
// Issue 38: a built product page checks its product with a plain fetch once idle, and wakes its
// island (React) only when the product changed since the build or is gone.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { shownKey } from "../../src/islands/catalogue/product-shown";
import { keepSuggestions } from "../../src/islands/catalogue/ProductDetail";
import { WAKE_ATTRIBUTE } from "../../src/islands/shared/wake";

const built = { id: "life-ring", name: "Life Ring", price: "$129", image: "/p/ring.webp", description: "Orange.", color: "Orange", es: { name: "Aro salvavidas", description: "" } };

let idle: (() => void) | undefined;
// A fresh copy per test: the page keeps one answer per product (product-answer.ts).
let revalidateProduct: typeof import("../../src/islands/catalogue/product-revalidate").revalidateProduct;
beforeEach(async () => {
  vi.resetModules();
  ({ revalidateProduct } = await import("../../src/islands/catalogue/product-revalidate"));
  idle = undefined;
  vi.stubGlobal("requestIdleCallback", (fn: () => void) => ((idle = fn), 1));
  vi.stubGlobal("cancelIdleCallback", () => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

function page(key = shownKey(built), id = built.id) {
  const holder = document.createElement("div");
  holder.dataset.productId = id;
  holder.dataset.productKey = key;
  holder.innerHTML = "<astro-island ssr></astro-island>";
  document.body.append(holder);
  const island = holder.querySelector("astro-island")!;
  const woken = vi.fn();
  island.addEventListener("intent-wake", woken);
  return { holder, island, woken };
}

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

async function runCheck() {
  expect(idle, "the check waits for an idle moment").toBeTypeOf("function");
  idle!();
  await new Promise((r) => setTimeout(r, 0));
  await new Promise((r) => setTimeout(r, 0));
}

describe("the product page's check", () => {
  it("asks nothing before the page is idle, then the API once; an unchanged product wakes nothing", async () => {
    const fetch = answer(200, { status: true, data: { ...built, es: { description: "", name: "Aro salvavidas" }, quantity: 3, updatedAt: "2026-11-28" } });
    const { island, woken } = page();
    revalidateProduct(island.parentElement!);
    expect(fetch).not.toHaveBeenCalled();
    await runCheck();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe("/api/public/products/life-ring");
    expect(woken).not.toHaveBeenCalled();
    expect(island.hasAttribute(WAKE_ATTRIBUTE)).toBe(false);
  });

  it.each([
    ["a new price", { ...built, price: "$6,543" }],
    ["a new Spanish name", { ...built, es: { name: "Salvavidas" } }],
    ["a picture removed", { ...built, image: null }],
  ])("wakes the island for %s", async (_what, data) => {
    answer(200, { status: true, data });
    const { island, woken } = page();
    revalidateProduct(island.parentElement!);
    await runCheck();
    expect(woken).toHaveBeenCalledTimes(1);
    expect(island.hasAttribute(WAKE_ATTRIBUTE)).toBe(true);
  });

  it("wakes the island for a product deleted since the build (404), or an answer with no product", async () => {
    answer(404, { status: false, message: "Product not found" });
    const a = page();
    revalidateProduct(a.holder);
    await runCheck();
    expect(a.woken).toHaveBeenCalledTimes(1);
    answer(200, { status: true, data: null });
    const b = page();
    revalidateProduct(b.holder);
    await runCheck();
    expect(b.woken).toHaveBeenCalledTimes(1);
  });

  it("leaves the built product alone when the check fails (5xx, 429, no network, not JSON)", async () => {
    for (const fail of [() => answer(503, { status: false }), () => answer(429, { status: false }), () => answer(200, "<html>"), () => vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("offline"))))]) {
      fail();
      const { holder, woken } = page();
      revalidateProduct(holder);
      await runCheck();
      expect(woken).not.toHaveBeenCalled();
    }
  });

  it("checks nothing on a page without a valid id or key", () => {
    const fetch = answer(200, { status: true, data: built });
    revalidateProduct(page(shownKey(built), "../admin").holder);
    revalidateProduct(page("").holder);
    expect(idle).toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("the key of what a product page shows", () => {
  it("ignores the order and the empty Spanish texts, and what the page does not show", () => {
    expect(shownKey({ ...built, es: { description: "", name: "Aro salvavidas" } })).toBe(shownKey(built));
    expect(shownKey({ ...built, es: { name: "Aro salvavidas" } })).toBe(shownKey(built));
    expect(shownKey({ ...built, es: {} })).not.toBe(shownKey(built));
    expect(shownKey({ ...built, description: "Orange!" })).not.toBe(shownKey(built));
  });
});

describe("the suggestions under a product", () => {
  const card = (id: string) => ({ id, name: id });
  const all = ["a", "b", "c", "d", "e", "f"].map(card);

  it("are the built ones until the fresh list is in", () => {
    expect(keepSuggestions([card("b"), card("c"), card("d")], null, "a")).toEqual([card("b"), card("c"), card("d")]);
  });

  it("keep the built ones in place, brought up to date from the fresh list", () => {
    const fresh = all.map((p) => (p.id === "c" ? { ...p, name: "C renamed" } : p));
    expect(keepSuggestions([card("b"), card("c"), card("d")], fresh, "a")).toEqual([card("b"), { id: "c", name: "C renamed" }, card("d")]);
  });

  it("replace one deleted since the build with another, never the product itself or a repeat", () => {
    const fresh = all.filter((p) => p.id !== "c");
    for (let i = 0; i < 20; i++) {
      const shown = keepSuggestions([card("b"), card("c"), card("d")], fresh, "a");
      expect(shown.slice(0, 2)).toEqual([card("b"), card("d")]);
      expect(shown).toHaveLength(3);
      expect(["e", "f"]).toContain(shown[2].id);
    }
  });

  it("are picked from the fresh list where the page had none (the fallback shell)", () => {
    const shown = keepSuggestions([], all, "a");
    expect(shown).toHaveLength(3);
    expect(new Set(shown.map((p) => p.id)).size).toBe(3);
    expect(shown.map((p) => p.id)).not.toContain("a");
    expect(keepSuggestions([], [card("a")], "a")).toEqual([]);
  });
});

describe("one answer per product and page", () => {
  beforeEach(() => vi.resetModules());

  it("is asked once by the page's check and the island together; a failure is asked again, and so is 'Try again'", async () => {
    const { productAnswer } = await import("../../src/islands/catalogue/product-answer");
    const fetch = answer(200, { status: true, data: built });
    const [a, b] = await Promise.all([productAnswer("life-ring"), productAnswer("life-ring")]);
    expect(a).toBe(b);
    expect(fetch).toHaveBeenCalledTimes(1);
    await productAnswer("life-ring", true);
    expect(fetch).toHaveBeenCalledTimes(2);
    answer(503, { status: false });
    await expect(productAnswer("anchor", true)).rejects.toThrow();
    const again = answer(200, { status: true, data: { ...built, id: "anchor" } });
    await expect(productAnswer("anchor")).resolves.toMatchObject({ status: true });
    expect(again).toHaveBeenCalledTimes(1);
  });
});
