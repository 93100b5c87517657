// Issue 25, item 6: one product-id rule, and the id maker never makes an id it refuses.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PRODUCT_ID_MAX, PRODUCT_ID_SHAPE, isProductId } from "../../src/lib/contracts/product.ts";
import { newProductId } from "../../src/server/products/repo.ts";
import { productIdSchema } from "../../src/server/products/schema.ts";
import { inquirySchema } from "../../src/server/leads/schemas.ts";

const inquiry = (productId: string) => ({ fullName: "Sam", email: "sam@example.com", productId });

describe("the product-id rule", () => {
  it("every id the maker gives a name (long ones, any script, symbols only) is one the routes and the inquiry take", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 120, unit: "grapheme" }), (name) => {
        const id = newProductId(name);
        expect(id.length).toBeLessThanOrEqual(PRODUCT_ID_MAX);
        expect(isProductId(id)).toBe(true);
        expect(productIdSchema.safeParse(id).success).toBe(true);
        expect(inquirySchema.safeParse(inquiry(id)).success).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("a long name makes an id of the rule's full length, which the inquiry takes", () => {
    const id = newProductId("Stainless Dock Ladder ".repeat(6));
    expect(id).toHaveLength(PRODUCT_ID_MAX);
    expect(inquirySchema.safeParse(inquiry(id)).success).toBe(true);
  });

  it.each([
    ["a".repeat(PRODUCT_ID_MAX + 1), false],
    ["Dock-Ladder", false], // upper case: no id is made with it
    ["dock_ladder", false],
    ["-dock", false],
    ["dock-ladder-4", true],
  ])("%j is a product id: %s (the routes and the inquiry agree)", (id, ok) => {
    expect(isProductId(id)).toBe(ok);
    expect(productIdSchema.safeParse(id).success).toBe(ok);
    expect(inquirySchema.safeParse(inquiry(id)).success).toBe(ok);
  });

  it("is written once: no other source spells a product-id pattern of its own", () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : /\.(ts|tsx|astro)$/.test(e.name) ? [join(dir, e.name)] : []));
    const own = [...files("src"), ...files("functions")].filter((f) => !f.endsWith(join("contracts", "product.ts")));
    const spelled = own.filter((f) => /\[a-z0-9\]\[a-z0-9-\]|\[A-Za-z0-9_-\]\{1,64\}/.test(readFileSync(f, "utf8")));
    expect(spelled).toEqual([]);
    expect(PRODUCT_ID_SHAPE.source).toBe(`^[a-z0-9][a-z0-9-]{0,${PRODUCT_ID_MAX - 1}}$`);
  });
});
