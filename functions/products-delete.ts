import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { check } from "../src/server/http/validate.ts";
import { requireAdmin } from "../src/server/auth/guard.ts";
import { getDb } from "../src/server/db/index.ts";
import { removeProduct } from "../src/server/products/changes.ts";
import { productIdSchema } from "../src/server/products/schema.ts";

export const config: Config = { path: "/api/admin/products/delete/:id" };

/** An admin deletes a product (and any picture only it used). */
export default handle(
  config.path,
  async (req, { log }, ctx) => {
    const { user } = await requireAdmin(req);
    await removeProduct(await getDb(), log, check(productIdSchema, ctx?.params?.id), user.email);
    return json({ status: true, message: "Product removed" });
  },
  ["DELETE"],
);
