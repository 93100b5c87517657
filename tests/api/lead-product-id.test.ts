// Issue 25, item 6: one product-id rule. The longest id the editor's id maker gives a product is
// one every route and the inquiry schema take: an inquiry about that product is stored.
import { afterEach, beforeAll, expect, it, vi } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { userWithSession } from "../helpers/auth.ts";
import { inquiryBody, withBackground } from "../helpers/leads.ts";
import { PRODUCT_ID_MAX } from "../../src/lib/contracts/product.ts";

vi.mock("@netlify/functions", async (original) => ({ ...(await original<object>()), purgeCache: async () => {} }));
const { default: newProduct } = await import("../../functions/products-new.ts");
const { default: editProduct } = await import("../../functions/products-edit.ts");
const { default: publicProducts } = await import("../../functions/products-public.ts");
const { default: inquiryHandler } = await import("../../functions/public-inquiry.ts");

const db = useTestDb();
const inquiry = withBackground(inquiryHandler);
let admin: { token: string };
beforeAll(async () => {
  admin = await userWithSession(db(), { role: "admin", email: "catalogue-boss@example.com" });
});
afterEach(() => inquiry.settle());

it("an inquiry about a product with the longest id the editor makes is stored", async () => {
  // The longest name the editor takes (120 characters) makes the longest id.
  const name = "Heavy Duty Marine Grade Stainless Steel Dock Ladder With Extra Wide Non Slip Treads And Quick Release Mounting Kit Set";
  expect(name.length).toBeGreaterThanOrEqual(PRODUCT_ID_MAX);
  const made = await call(newProduct, "POST", "/api/admin/products/new", { body: { name, price: "$499" }, token: admin.token });
  expect(made.status).toBe(201);
  const id: string = made.json.data.id;
  expect(id).toHaveLength(PRODUCT_ID_MAX);

  // Every route takes it…
  expect((await call(publicProducts, "GET", `/api/public/products/${id}`, { params: { id } })).json.data.name).toBe(name);
  expect((await call(editProduct, "PUT", `/api/admin/products/edit/${id}`, { body: { price: "$479" }, token: admin.token, params: { id } })).status).toBe(200);

  // …and so does the inquiry about it.
  const email = "long-product@example.com";
  const r = await call(inquiry.fn, "POST", "/api/public/inquiry", { body: inquiryBody({ email, productId: id, productName: name, page: `/products/${id}` }), ip: "198.51.100.77" });
  expect(r.status).toBe(200);
  const rows = (await db().query<{ product_id: string }>("SELECT product_id FROM leads WHERE email = $1", [email])).rows;
  expect(rows).toEqual([{ product_id: id }]);
});
