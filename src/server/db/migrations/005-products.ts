// Catalogue products and the content-addressed image store their pictures live in.
export default {
  id: "005-products",
  sql: `
CREATE TABLE images (
  key text PRIMARY KEY,
  content_type text NOT NULL,
  bytes bytea NOT NULL,
  size integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE products (
  id text PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  price text NOT NULL DEFAULT '',
  price_low numeric(12,2),
  price_high numeric(12,2),
  color text NOT NULL DEFAULT '',
  quantity integer NOT NULL DEFAULT 1 CHECK (quantity >= 0),
  image_key text REFERENCES images(key),
  hover_image_key text REFERENCES images(key),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_by text
);
CREATE INDEX products_created_idx ON products (created_at DESC);
`,
};
