// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { CART_STORAGE_KEY, totals, useCart, type CartItem } from "../../src/lib/stores/cart.ts";
import { useLoading } from "../../src/lib/stores/loading.ts";
import { useToast } from "../../src/lib/stores/toast.ts";

const item = (id: string, color: string, quantity: number, price: number | string = 10): CartItem => ({ id, color, quantity, price });

beforeEach(() => {
  useCart.setState({ cartItems: [], totalAmount: 0, totalItems: 0, products: [] });
  useToast.getState().clear();
  vi.restoreAllMocks();
});

describe("cart lines", () => {
  it.each([
    ["same id and colour merge", [item("a", "red", 1), item("a", "red", 2)], [["a", "red", 3]], 3, 30],
    ["same id, other colour append", [item("a", "red", 1), item("a", "blue", 1)], [["a", "red", 1], ["a", "blue", 1]], 2, 20],
    ["other id appends", [item("a", "red", 1), item("b", "red", 4, "$2.50")], [["a", "red", 1], ["b", "red", 4]], 5, 20],
    ["a price range counts its low amount", [item("c", "", 2, "$24 – $38")], [["c", "", 2]], 2, 48],
    ["no price counts as 0", [item("d", "", 2, "")], [["d", "", 2]], 2, 0],
  ])("%s", (_c, adds, lines, count, amount) => {
    for (const a of adds) useCart.getState().addToCart(a);
    const s = useCart.getState();
    expect(s.cartItems.map((i) => [i.id, i.color, i.quantity])).toEqual(lines);
    expect([s.totalItems, s.totalAmount]).toEqual([count, amount]);
  });

  it("removes every line of an id and recomputes the totals", () => {
    const c = useCart.getState();
    c.addToCart(item("a", "red", 1));
    c.addToCart(item("a", "blue", 2));
    c.addToCart(item("b", "red", 1, 5));
    c.removeFromCart("a");
    expect(useCart.getState()).toMatchObject({ totalItems: 1, totalAmount: 5 });
  });

  it("edits a line by id, merging the fields, and recomputes", () => {
    useCart.getState().addToCart(item("a", "red", 1));
    useCart.getState().editCartItem("a", { quantity: 5, color: "white" });
    expect(useCart.getState().cartItems).toEqual([item("a", "white", 5)]);
    expect(useCart.getState().totalAmount).toBe(50);
  });

  it("clears everything", () => {
    useCart.getState().addToCart(item("a", "red", 3));
    useCart.getState().clearCart();
    expect(useCart.getState()).toMatchObject({ cartItems: [], totalItems: 0, totalAmount: 0 });
  });

  it("keeps the cart in localStorage", () => {
    useCart.getState().addToCart(item("a", "red", 2));
    const saved = JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!);
    expect(saved.state).toMatchObject({ totalItems: 2, cartItems: [item("a", "red", 2)] });
  });

  it("rounds totals to cents", () => {
    expect(totals([item("a", "", 3, 0.1)]).totalAmount).toBe(0.3);
  });
});

describe("fetchProducts", () => {
  const answer = (status: number, body: unknown) =>
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));

  it("replaces the list and shows 'Loading cart items...' while it loads", async () => {
    const seen: string[] = [];
    const stop = useLoading.subscribe((s) => s.visible && seen.push(s.message));
    answer(200, { status: true, data: [{ id: "p", name: "Cleat", price: "$1", image: null, hoverImage: null }] });
    useCart.setState({ products: [{ id: "old", name: "Old", price: "", image: null, hoverImage: null }] });
    expect(await useCart.getState().fetchProducts()).toBe(true);
    stop();
    expect(useCart.getState().products.map((p) => p.id)).toEqual(["p"]);
    expect(seen).toEqual(["Loading cart items..."]);
    expect(useLoading.getState().visible).toBe(false);
  });

  it.each([
    ["a server error", () => answer(500, { status: false, message: "boom" })],
    ["a network failure", () => vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Failed to fetch"))],
  ])("empties the list and toasts 'Failed to fetch cart items' on %s", async (_c, fail) => {
    fail();
    useCart.setState({ products: [{ id: "old", name: "Old", price: "", image: null, hoverImage: null }] });
    expect(await useCart.getState().fetchProducts()).toBe(false);
    expect(useCart.getState().products).toEqual([]);
    expect(useToast.getState()).toMatchObject({ visible: true, type: "error", message: "Failed to fetch cart items" });
    expect(useLoading.getState().visible).toBe(false);
  });

  it("does not show the loading message when asked to be quiet", async () => {
    answer(200, { status: true, data: [] });
    const seen: boolean[] = [];
    const stop = useLoading.subscribe((s) => seen.push(s.visible));
    await useCart.getState().fetchProducts({ quiet: true });
    stop();
    expect(seen).toEqual([]);
  });
});
