import { defineConfig } from "vitest/config";

/**
 * `npm run test:netlify`: the site on Netlify's own tooling (issue 32). The global setup makes a
 * clean copy, runs `netlify build` for a deploy preview and `netlify serve` (build + runtime) for
 * production; tests/netlify/ then checks them over HTTP and in their databases.
 */
export default defineConfig({
  test: {
    name: "netlify",
    environment: "node",
    include: ["tests/netlify/**/*.test.ts"],
    globalSetup: ["tests/netlify/netlify-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    env: { LOG_SILENT: "1" },
  },
});
