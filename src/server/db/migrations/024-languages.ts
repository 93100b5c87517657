// Issue 37 (decision 20): the site in English and Spanish.
//
// leads.language: the language of the page the request was sent from ('en' or 'es'); the visitor's
//   e-mail and text go out in it, and the office sees it (the lead card, the CSV, Zoho, the reports).
// products.es: a product's Spanish name, description and color, written by the office in the editor
//   ({"name": …, "description": …, "color": …}; a text left out shows in English on the Spanish page).
export default {
  id: "024-languages",
  sql: `
ALTER TABLE leads ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'es'));
ALTER TABLE products ADD COLUMN es jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(es) = 'object');

-- The query console (migration 008) may read both. One line: the migration runner splits statements at a semicolon that ends a line.
DO $$ BEGIN IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'console_reader') THEN GRANT SELECT (language) ON leads TO console_reader; GRANT SELECT (es) ON products TO console_reader; END IF; END $$;
`,
};
