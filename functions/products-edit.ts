import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { check, readJson } from "../src/server/http/validate.ts";
import { requireAdmin } from "../src/server/auth/guard.ts";
import { getDb } from "../src/server/db/index.ts";
import { editProduct } from "../src/server/products/changes.ts";
import { MAX_PRODUCT_BODY, editProductSchema, productIdSchema } from "../src/server/products/schema.ts";

export const config: Config = { path: "/api/admin/products/edit/:id" };

/** An admin changes a product's fields; the ones not sent keep their value. */
export default handle(
  config.path,
  async (req, { log }, ctx) => {
    const { user } = await requireAdmin(req);
    const id = check(productIdSchema, ctx?.params?.id);
    const edit = await readJson(req, editProductSchema, MAX_PRODUCT_BODY);
    return json({ status: true, data: await editProduct(await getDb(), log, id, edit, user.email) });
  },
  ["PUT"],
);
