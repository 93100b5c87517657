// Issue 39: the catalogue filters by category.
//
// products.category: one of the catalogue's categories (src/lib/contracts/product.ts
//   PRODUCT_CATEGORIES), set by the office in the product editor; '' for a product not placed yet,
//   shown under 'All' only. The demo catalogue's products (content/products/catalogue.json) get the
//   category the seed gives them, so a database seeded before this migration filters the same way.
export default {
  id: "025-product-category",
  sql: `
ALTER TABLE products ADD COLUMN category text NOT NULL DEFAULT '' CHECK (category IN ('', 'storage', 'mooring', 'safety', 'lighting', 'lifts', 'pilings', 'recreation'));
UPDATE products SET category = CASE id WHEN 'aluminum-dock-box' THEN 'storage' WHEN 'polyethylene-dock-box' THEN 'storage' WHEN 'stainless-dock-cleat-10' THEN 'mooring' WHEN 'pull-up-dock-cleat' THEN 'mooring' WHEN 'vinyl-corner-dock-bumper' THEN 'mooring' WHEN 'dock-edge-guard-16ft' THEN 'mooring' WHEN 'boat-fender-inflatable' THEN 'mooring' WHEN 'four-step-dock-ladder' THEN 'safety' WHEN 'flip-up-swim-ladder' THEN 'safety' WHEN 'led-piling-dock-light' THEN 'lighting' WHEN 'solar-dock-lights-2-pack' THEN 'lighting' WHEN 'underwater-green-fish-light' THEN 'lighting' WHEN 'boat-lift-motor-1hp' THEN 'lifts' WHEN 'wireless-boat-lift-remote' THEN 'lifts' WHEN 'boat-lift-cable-kit' THEN 'lifts' WHEN 'lift-bunk-boards' THEN 'lifts' WHEN 'cone-pile-cap-10' THEN 'pilings' WHEN 'pvc-pile-wrap' THEN 'pilings' WHEN 'two-kayak-wall-rack' THEN 'recreation' WHEN 'floating-kayak-launch' THEN 'recreation' WHEN 'composite-dock-bench' THEN 'recreation' WHEN 'life-ring-with-bracket' THEN 'safety' WHEN 'double-braid-dock-line' THEN 'mooring' ELSE category END WHERE id IN ('aluminum-dock-box', 'polyethylene-dock-box', 'stainless-dock-cleat-10', 'pull-up-dock-cleat', 'vinyl-corner-dock-bumper', 'dock-edge-guard-16ft', 'boat-fender-inflatable', 'four-step-dock-ladder', 'flip-up-swim-ladder', 'led-piling-dock-light', 'solar-dock-lights-2-pack', 'underwater-green-fish-light', 'boat-lift-motor-1hp', 'wireless-boat-lift-remote', 'boat-lift-cable-kit', 'lift-bunk-boards', 'cone-pile-cap-10', 'pvc-pile-wrap', 'two-kayak-wall-rack', 'floating-kayak-launch', 'composite-dock-bench', 'life-ring-with-bracket', 'double-braid-dock-line') AND created_by = 'seed';

-- The query console (migration 008) may read it. One line: the migration runner splits statements at a semicolon that ends a line.
DO $$ BEGIN IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'console_reader') THEN GRANT SELECT (category) ON products TO console_reader; END IF; END $$;
`,
};
