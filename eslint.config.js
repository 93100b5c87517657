// Lint: typescript-eslint's recommended checks, plus the architecture's import rules (ARCHITECTURE.md
// "Layout"): islands and src/lib never reach into src/server, a feature's islands never import
// another feature's (islands/shared is for that), the CRM client never imports leads, no server
// concern depends on the admin dashboard, and no import cycles. scripts/lint-rules.ts proves each
// rule refuses a deliberate bad import.
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";

const features = readdirSync("src/islands", { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== "shared")
  .map((d) => d.name);

export const architectureZones = [
  { target: "./src/islands", from: "./src/server", message: "Islands run in the browser: take shared shapes from src/lib/contracts." },
  { target: "./src/lib", from: "./src/server", message: "src/lib is browser-side: take shared shapes from src/lib/contracts." },
  { target: "./src/lib", from: "./src/islands", message: "src/lib sits below the islands." },
  { target: "./src/server", from: "./src/islands", message: "The server never imports browser islands." },
  { target: "./src/server/crm", from: "./src/server/leads", message: "The CRM client takes plain input; leads call it, never the reverse." },
  { target: "./src/server/!(admin)/**", from: "./src/server/admin", message: "The admin dashboard reads other concerns; they never depend on it." },
  ...features.map((f) => ({
    target: `./src/islands/${f}`,
    from: "./src/islands",
    except: [`./${f}`, "./shared"],
    message: "A feature never imports another feature: move what both need to src/islands/shared.",
  })),
];

export default tseslint.config(
  { ignores: ["dist/", ".astro/", ".netlify/", ".data/", "node_modules/", "test-results/", "playwright-report/", "**/*.astro"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { "import-x": importX },
    settings: {
      // TypeScript files are modules too: needed to follow imports through them (no-cycle).
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] })],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: architectureZones }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      // The code base writes `catch {}` where a failure is expected and harmless (storage, clocks).
      "no-empty": ["error", { allowEmptyCatch: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
      "@typescript-eslint/no-unused-expressions": ["error", { allowShortCircuit: true, allowTernary: true }],
    },
  },
  {
    files: ["**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  {
    // The back office's service worker is plain JavaScript served as is (public/).
    files: ["public/**/*.js"],
    languageOptions: { globals: { self: "readonly", URL: "readonly" } },
  },
  {
    // Tests and their helpers handle raw JSON answers and fake servers.
    files: ["tests/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off", "@typescript-eslint/no-unused-expressions": "off" },
  },
  {
    // The SQL lexer steps its cursor with comma-joined updates inside its scanning loops.
    files: ["src/server/admin/sql-lexer.ts"],
    rules: { "@typescript-eslint/no-unused-expressions": "off" },
  },
  {
    files: ["*.mjs"],
    languageOptions: { globals: { process: "readonly", URL: "readonly" } },
  },
);
