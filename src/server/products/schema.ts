/** What the product editor may send (the shapes the API answers with: src/lib/contracts/product.ts). */
import { z } from "zod";
import { MAX_PRICE_TEXT } from "../../lib/price.ts";
import { text } from "../../lib/text.ts";
import { PRODUCT_CATEGORIES, PRODUCT_ID_SHAPE } from "../../lib/contracts/product.ts";


/** Two browser-downscaled pictures as base64 plus the text fields fit well inside this. */
export const MAX_PRODUCT_BODY = 5_900_000;

/** An image field: a new upload (data URL), one of our image URLs kept as it is, or none. */
const imageField = z.union([z.string().startsWith("data:").max(3_000_000), z.string().regex(/^\/api\/images\/[A-Za-z0-9_-]{43}$/), z.literal(""), z.null()]);

const fields = {
  name: text().trim().min(1, "Name is required").max(120),
  description: text().trim().max(4000),
  price: z.union([text().trim().max(MAX_PRICE_TEXT), z.number().nonnegative().max(10_000_000)]),
  color: text().trim().max(40),
  // The catalogue's category (issue 39), or "" for none yet.
  category: z.enum([...PRODUCT_CATEGORIES, ""]),
  // The Spanish the office writes beside the English (issue 37); an empty text is left out (the Spanish page shows the English).
  es: z
    .strictObject({ name: text().trim().max(120).optional(), description: text().trim().max(4000).optional(), color: text().trim().max(40).optional() })
    .transform((es) => Object.fromEntries(Object.entries(es).filter(([, v]) => v)) as { name?: string; description?: string; color?: string }),
  quantity: z.coerce.number().int().min(0).max(100_000),
  image: imageField,
  hoverImage: imageField,
};

export const newProductSchema = z.strictObject({
  ...fields,
  description: fields.description.default(""),
  price: fields.price.default(""),
  color: fields.color.default(""),
  category: fields.category.default(""),
  es: fields.es.default({}),
  quantity: fields.quantity.default(1),
  image: imageField.default(null),
  hoverImage: imageField.default(null),
  // The spec's client sends its own random id; the server names products itself and ignores it.
  id: z.string().max(100).optional(),
});
export type NewProduct = z.infer<typeof newProductSchema>;

/** An edit sends any of the fields; the ones left out keep their value. */
export const editProductSchema = z.strictObject({
  name: fields.name.optional(),
  description: fields.description.optional(),
  price: fields.price.optional(),
  color: fields.color.optional(),
  category: fields.category.optional(),
  es: fields.es.optional(),
  quantity: fields.quantity.optional(),
  image: imageField.optional(),
  hoverImage: imageField.optional(),
  id: z.string().max(100).optional(),
});
export type ProductEdit = z.infer<typeof editProductSchema>;

export const productIdSchema = z.string().regex(PRODUCT_ID_SHAPE, "Unknown product id");
