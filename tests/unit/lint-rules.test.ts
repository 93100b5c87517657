// The architecture's import rules (eslint.config.js) refuse each kind of bad import, and let the
// allowed ones through. Each case lints a deliberate import as if it were written in that file.
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId?.startsWith("import-x/")).map((m) => m.ruleId!);
}

describe("import rules", () => {
  it.each([
    // file the import is written in, the import, the rule that refuses it
    ["an island importing the server", "src/islands/quote/Bad.tsx", 'import { storeLead } from "../../server/leads/store.ts";', "import-x/no-restricted-paths"],
    ["src/lib importing the server", "src/lib/bad.ts", 'import { getDb } from "../server/db/index.ts";', "import-x/no-restricted-paths"],
    ["a feature importing another feature", "src/islands/editor/Bad.tsx", 'import { ProductCard } from "../catalogue/ProductCard.tsx";', "import-x/no-restricted-paths"],
    ["a feature importing another feature without an extension", "src/islands/catalogue/Bad.tsx", 'import QuoteForm from "../quote/QuoteForm";', "import-x/no-restricted-paths"],
    ["the CRM client importing leads", "src/server/crm/bad.ts", 'import { LEAD_COLUMNS } from "../leads/lead.ts";', "import-x/no-restricted-paths"],
    ["a server concern importing the admin dashboard", "src/server/leads/bad.ts", 'import { dashboardStats } from "../admin/stats.ts";', "import-x/no-restricted-paths"],
    ["an import that closes a cycle", "src/server/leads/lead.ts", 'import { storeLead } from "./store.ts";\nexport const x = storeLead;', "import-x/no-cycle"],
  ])("refuses %s", async (_what, file, code, rule) => {
    expect(await problems(file, code)).toContain(rule);
  });

  it.each([
    ["an island importing islands/shared", "src/islands/editor/Good.tsx", 'import { Field } from "../shared/lead-form.tsx";'],
    ["an island importing a shared contract", "src/islands/admin/good.ts", 'import type { DashboardStats } from "../../lib/contracts/admin.ts";'],
    ["leads calling the CRM client", "src/server/leads/good.ts", 'import { pushLead } from "../crm/push.ts";'],
    ["the admin dashboard reading another concern", "src/server/admin/good.ts", 'import { tailLogs } from "../logs/tail.ts";'],
  ])("allows %s", async (_what, file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});
