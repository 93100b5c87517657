/**
 * Versioned migrations, applied in id order by `migrate()`. Add a new file with the next number
 * and list it here; never edit a migration that has shipped.
 */
import core from "./001-core.ts";
import auth from "./002-auth.ts";
import leads from "./003-leads.ts";
import accounts from "./004-accounts.ts";
import products from "./005-products.ts";
import vitals from "./006-vitals.ts";

export interface Migration {
  id: string;
  sql: string;
}

export const migrations: Migration[] = [core, auth, leads, accounts, products, vitals];
