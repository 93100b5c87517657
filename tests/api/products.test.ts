import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { userWithSession } from "../helpers/auth.ts";
import { JPEG_URL, PNG_B64, jpegOfSize, uniqueJpeg } from "./products-fixtures.ts";

const purge = vi.hoisted(() => vi.fn(async (_opts: unknown) => {}));
vi.mock("@netlify/functions", async (original) => ({ ...(await original<object>()), purgeCache: purge }));

const { default: publicProducts } = await import("../../functions/products-public.ts");
const { default: newProduct } = await import("../../functions/products-new.ts");
const { default: editProduct } = await import("../../functions/products-edit.ts");
const { default: deleteProduct } = await import("../../functions/products-delete.ts");
const { seedCatalogue, readCatalogue } = await import("../../src/server/products/seed.ts");
const { MAX_IMAGE_BYTES } = await import("../../src/server/images/upload.ts");

const db = useTestDb();
let admin: { token: string; email: string };
let user: { token: string };

beforeAll(async () => {
  await seedCatalogue(db());
  admin = await userWithSession(db(), { role: "admin", email: "boss@example.com" });
  user = await userWithSession(db());
});
beforeEach(() => purge.mockClear());

const create = (body: unknown, token = admin.token) => call(newProduct, "POST", "/api/admin/products/new", { body, token });
const edit = (id: string, body: unknown, token = admin.token) =>
  call(editProduct, "PUT", `/api/admin/products/edit/${id}`, { body, token, params: { id } });
const remove = (id: string, token = admin.token) => call(deleteProduct, "DELETE", `/api/admin/products/delete/${id}`, { token, params: { id } });
const list = (query = "") => call(publicProducts, "GET", `/api/public/products${query}`);
const detail = (id: string) => call(publicProducts, "GET", `/api/public/products/${id}`, { params: { id } });

describe("public product list", () => {
  it("answers every seeded product as a card with image URLs and no bytes", async () => {
    const r = await list();
    expect(r.status).toBe(200);
    expect(r.json.data).toHaveLength((await readCatalogue()).length);
    for (const p of r.json.data) {
      // The seed's products have their Spanish name (issue 37); a card carries that, not the rest of it.
      expect(Object.keys(p).sort()).toEqual(["category", "es", "hoverImage", "id", "image", "name", "price"]);
      // Each seeded product is in the catalogue's category the seed gives it (issue 39).
      expect(p.category).not.toBe("");
      expect(Object.keys(p.es)).toEqual(["name"]);
      expect(p.image).toMatch(/^\/api\/images\/[A-Za-z0-9_-]{43}$/);
    }
    expect(r.text).not.toContain("base64");
  });

  it("sends the CDN cache headers and a cache tag", async () => {
    const r = await list();
    expect(r.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(r.headers.get("netlify-cdn-cache-control")).toBe("public, durable, s-maxage=300, stale-while-revalidate=86400");
    expect(r.headers.get("netlify-cache-tag")).toBe("products");
  });

  it("answers 304 when the browser already has the same list", async () => {
    const first = await list();
    const again = await call(publicProducts, "GET", "/api/public/products", { headers: { "if-none-match": first.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  it.each([
    ["?q=LADDER", (names: string[]) => names.length === 2 && names.every((n) => /ladder/i.test(n))],
    ["?q=%25", (names: string[]) => names.length === 0],
    ["?q=zzz-nothing", (names: string[]) => names.length === 0],
  ])("searches names case-insensitively (%s)", async (query, ok) => {
    const r = await list(query);
    expect(r.status).toBe(200);
    expect(ok(r.json.data.map((p: { name: string }) => p.name))).toBe(true);
  });

  it("sorts by price with priceless products last in both directions", async () => {
    const asc = (await list("?sort=price-asc")).json.data;
    const desc = (await list("?sort=price-desc")).json.data;
    expect(asc[0].price).toBe("$19");
    expect(asc.at(-1).price).toBe("");
    expect(desc[0].price).toBe("$2,499 – $3,299");
    expect(desc.at(-1).price).toBe("");
  });

  it("pages when asked and says the total", async () => {
    const r = await list("?page=2&size=5");
    expect(r.json.data).toHaveLength(5);
    expect(r.json).toMatchObject({ page: 2, size: 5, total: (await readCatalogue()).length });
  });

  it("pages in the database: pages join up to the whole sorted list, and the total counts only what the search finds", async () => {
    const all = (await list("?sort=price-asc")).json.data.map((p: { id: string }) => p.id);
    const pages = [];
    for (let page = 1; page <= Math.ceil(all.length / 4); page++) pages.push(...(await list(`?sort=price-asc&page=${page}&size=4`)).json.data.map((p: { id: string }) => p.id));
    expect(pages).toEqual(all);
    expect((await list("?q=ladder&page=1&size=1")).json).toMatchObject({ total: 2, data: [expect.anything()] });
    expect((await list("?page=999&size=5")).json).toMatchObject({ data: [], total: all.length });
  });

  it.each([["?page=0"], ["?size=1000"], ["?sort=cheap"], ["?q=" + "x".repeat(101)], ["?unknown=1"]])("refuses a bad query %s with 400", async (q) => {
    const r = await list(q);
    expect(r.status).toBe(400);
    expect(r.json.status).toBe(false);
  });

  it("stays under 30 KB of JSON for 100 products", async () => {
    const base = (await list()).json.data.length;
    for (let i = base; i < 100; i++) {
      await create({ name: `Extra Stainless Dock Accessory Number ${i}`, price: "$1,234.50 – $2,345.75", image: JPEG_URL, hoverImage: JPEG_URL });
    }
    const r = await list();
    expect(r.json.data.length).toBeGreaterThanOrEqual(100);
    expect(Buffer.byteLength(r.text)).toBeLessThan(30 * 1024);
  });
});

describe("public product detail", () => {
  it("answers the whole product with cache headers", async () => {
    const r = await detail("stainless-dock-cleat-10");
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ id: "stainless-dock-cleat-10", price: "$42", priceLow: 42, priceHigh: 42, quantity: 1 });
    expect(r.json.data.description.length).toBeGreaterThan(20);
    expect(r.headers.get("netlify-cache-tag")).toBe("products");
  });

  it.each([["no-such-product", 404], ["Bad Id!", 400], ["x".repeat(200), 400]])("answers %s with %i", async (id, status) => {
    expect((await detail(id)).status).toBe(status);
  });
});

describe("admin product changes", () => {
  it.each([
    ["signed out", undefined, 401],
    ["a signed-in user", "user", 403],
  ])("refuses %s on every admin endpoint", async (_who, who, status) => {
    const token = who === "user" ? user.token : undefined;
    expect((await call(newProduct, "POST", "/api/admin/products/new", { body: { name: "x" }, token })).status).toBe(status);
    expect((await call(editProduct, "PUT", "/api/admin/products/edit/pvc-pile-wrap", { body: { name: "x" }, token, params: { id: "pvc-pile-wrap" } })).status).toBe(status);
    expect((await call(deleteProduct, "DELETE", "/api/admin/products/delete/pvc-pile-wrap", { token, params: { id: "pvc-pile-wrap" } })).status).toBe(status);
    expect((await detail("pvc-pile-wrap")).json.data.name).toBe("PVC Pile Wrap, Installed");
    expect(purge).not.toHaveBeenCalled();
  });

  it("creates a product with an uploaded picture, logs who did it and purges the CDN", async () => {
    const r = await create({ name: "Dock Box Lid Strut", price: "65", color: "Black", description: "Gas strut", image: JPEG_URL, id: "client-made-id" });
    expect(r.status).toBe(201);
    const p = r.json.data;
    expect(p).toMatchObject({ name: "Dock Box Lid Strut", price: "$65", priceLow: 65, priceHigh: 65, quantity: 1, color: "Black", hoverImage: null });
    expect(p.id).toMatch(/^dock-box-lid-strut-[a-z0-9]{4}$/);
    expect(purge).toHaveBeenCalledWith({ tags: ["products"] });
    const log = await db().query<{ message: string }>("SELECT message FROM log WHERE message LIKE 'Product created%' AND message LIKE '%Lid Strut%'");
    expect(log.rows[0].message).toContain("by boss@example.com");
    expect((await list("?q=lid strut")).json.data[0].image).toBe(p.image);
  });

  it("edits only the fields sent, keeps the picture when its URL is sent back, and purges", async () => {
    const made = (await create({ name: "Cleat Backing Plate", price: "$12", image: JPEG_URL })).json.data;
    const r = await edit(made.id, { price: "$10 - $14", quantity: 4, image: made.image });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ name: "Cleat Backing Plate", price: "$10 - $14", priceLow: 10, priceHigh: 14, quantity: 4, image: made.image });
    expect(purge).toHaveBeenCalledTimes(2);
    const log = await db().query<{ message: string }>("SELECT message FROM log WHERE message LIKE 'Product updated%Cleat Backing Plate%'");
    expect(log.rows[0].message).toMatch(/by boss@example\.com \[price, quantity, image\]/);
  });

  it("keeps a product's Spanish beside its English, finds it by its Spanish name, and leaves it as it was when an edit does not send it", async () => {
    const made = await create({ name: "Dock Hose Reel", es: { name: "Carrete para manguera de muelle", description: " Acero inoxidable ", color: "" } });
    expect(made.status).toBe(201);
    expect(made.json.data.es).toEqual({ name: "Carrete para manguera de muelle", description: "Acero inoxidable" });
    expect((await list("?q=carrete")).json.data.map((p: { id: string }) => p.id)).toEqual([made.json.data.id]);
    expect((await edit(made.json.data.id, { price: "$80" })).json.data.es).toEqual(made.json.data.es);
    expect((await edit(made.json.data.id, { es: { name: "Carrete de manguera", color: "Gris" } })).json.data.es).toEqual({ name: "Carrete de manguera", color: "Gris" });
    expect((await detail(made.json.data.id)).json.data.es).toEqual({ name: "Carrete de manguera", color: "Gris" });
    // Only the three texts have a Spanish version.
    expect((await edit(made.json.data.id, { es: { price: "$1" } })).status).toBe(400);
  });

  it("places a product in a catalogue category, keeps it when an edit does not send it, and refuses one the catalogue does not have (issue 39)", async () => {
    const made = await create({ name: "Dock Light Timer", category: "lighting" });
    expect(made.status).toBe(201);
    expect(made.json.data.category).toBe("lighting");
    expect((await list()).json.data.find((p: { id: string }) => p.id === made.json.data.id).category).toBe("lighting");
    expect((await edit(made.json.data.id, { price: "$40" })).json.data.category).toBe("lighting");
    expect((await edit(made.json.data.id, { category: "" })).json.data.category).toBe("");
    expect((await edit(made.json.data.id, { category: "boats" })).status).toBe(400);
    expect((await create({ name: "No Category Yet" })).json.data.category).toBe("");
  });

  it("clears a price to empty and the product sorts last", async () => {
    const made = (await create({ name: "Aaa Priceless Float", price: "$1" })).json.data;
    expect((await edit(made.id, { price: "" })).json.data).toMatchObject({ price: "", priceLow: null, priceHigh: null });
    expect((await list("?sort=price-asc")).json.data.at(-1).price).toBe("");
  });

  it("deletes a product, drops its now-unused picture and purges", async () => {
    const unique = await uniqueJpeg();
    const made = (await create({ name: "Short-Lived Item", image: unique })).json.data;
    const r = await remove(made.id);
    expect(r.status).toBe(200);
    expect((await detail(made.id)).status).toBe(404);
    const key = made.image.split("/").pop();
    expect((await db().query("SELECT 1 FROM images WHERE key = $1", [key])).rows.length).toBe(0);
    expect(purge).toHaveBeenCalledTimes(2);
    const log = await db().query("SELECT 1 FROM log WHERE message LIKE 'Product deleted: \"Short-Lived Item\"%by boss@example.com'");
    expect(log.rows.length).toBe(1);
  });

  it("stores the same picture once however many products use it", async () => {
    const before = (await db().query<{ n: number }>("SELECT count(*)::int AS n FROM images")).rows[0].n;
    const twin = await uniqueJpeg();
    const a = (await create({ name: "Twin A", image: twin })).json.data;
    const b = (await create({ name: "Twin B", image: twin, hoverImage: twin })).json.data;
    expect(a.image).toBe(b.image);
    expect(b.hoverImage).toBe(b.image);
    expect((await db().query<{ n: number }>("SELECT count(*)::int AS n FROM images")).rows[0].n).toBe(before + 1);
    await remove(a.id);
    expect((await db().query("SELECT 1 FROM images WHERE key = $1", [a.image.split("/").pop()])).rows.length).toBe(1);
  });

  it("answers 404 for editing or deleting an unknown product", async () => {
    expect((await edit("no-such-thing", { name: "x" })).status).toBe(404);
    expect((await remove("no-such-thing")).status).toBe(404);
    expect(purge).not.toHaveBeenCalled();
  });

  it("keeps the change when the CDN purge fails (no token locally) and logs it at DEBUG", async () => {
    purge.mockRejectedValueOnce(new Error("The cache purge API token was not found"));
    const r = await create({ name: "Purge Failure Probe" });
    expect(r.status).toBe(201);
    const log = await db().query<{ level: string }>("SELECT level FROM log WHERE message LIKE 'Cache purge skipped%token was not found%'");
    expect(log.rows.map((x) => x.level)).toEqual(["DEBUG"]);
  });

  it.each([
    ["no name", {}, 400, "name"],
    ["blank name", { name: "   " }, 400, "name"],
    ["negative quantity", { name: "x", quantity: -1 }, 400, "quantity"],
    ["unknown field", { name: "x", owner: "me" }, 400, "owner"],
    ["price too long", { name: "x", price: "$".repeat(61) }, 400, "price"],
    ["a picture URL that is not ours", { name: "x", image: "https://evil.example/x.jpg" }, 400, "image"],
    ["an unknown image key", { name: "x", image: "/api/images/" + "A".repeat(43) }, 400, "image"],
    ["not an image", { name: "x", image: `data:image/jpeg;base64,${Buffer.from("hello, not a picture").toString("base64")}` }, 400, "image"],
    ["a PNG claiming to be JPEG", { name: "x", image: `data:image/jpeg;base64,${PNG_B64}` }, 400, "image"],
    ["an SVG upload", { name: "x", image: `data:image/svg+xml;base64,${Buffer.from("<svg/>").toString("base64")}` }, 400, "image"],
    ["a malformed data URL", { name: "x", image: "data:image/jpeg;base64,@@not base64@@" }, 400, "image"],
    ["a data URL without base64", { name: "x", hoverImage: "data:image/jpeg,rawbytes" }, 400, "hoverImage"],
    ["an oversized image", { name: "x", image: jpegOfSize(MAX_IMAGE_BYTES + 10) }, 413, "image"],
  ])("refuses %s", async (_case, body, status, field) => {
    const r = await create(body);
    expect(r.status).toBe(status);
    expect(r.json.status).toBe(false);
    // Every case states the field its answer names; undefined: the answer names none.
    expect(r.json.field).toBe(field);
    expect(purge).not.toHaveBeenCalled();
  });

  it("refuses a body over the request limit with 413 and malformed JSON with 400", async () => {
    expect((await create("{not json")).status).toBe(400);
    expect((await create(`{"name":"${"x".repeat(6_000_000)}"}`)).status).toBe(413);
  });

  it("refuses the wrong method with 405", async () => {
    expect((await call(newProduct, "GET", "/api/admin/products/new", { token: admin.token })).status).toBe(405);
    expect((await call(deleteProduct, "POST", "/api/admin/products/delete/x", { token: admin.token, params: { id: "x" } })).status).toBe(405);
  });
});
