import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { readJson } from "../src/server/http/validate.ts";
import { requireAdmin } from "../src/server/auth/guard.ts";
import { getDb } from "../src/server/db/index.ts";
import { addProduct } from "../src/server/products/changes.ts";
import { MAX_PRODUCT_BODY, newProductSchema } from "../src/server/products/schema.ts";

export const config: Config = { path: "/api/admin/products/new" };

/** An admin adds a product to the catalogue. */
export default handle(
  config.path,
  async (req, { log }) => {
    const { user } = await requireAdmin(req);
    const input = await readJson(req, newProductSchema, MAX_PRODUCT_BODY);
    return json({ status: true, data: await addProduct(await getDb(), log, input, user.email) }, { status: 201 });
  },
  ["POST"],
);
