import { defineConfig } from "vitest/config";

const postgres = process.env.TEST_DATABASE_URL;
const shared = { environment: "node" as const, testTimeout: 30_000, hookTimeout: 60_000 };

// Unit and API tests run on embedded PGlite; with TEST_DATABASE_URL the API tests run again on
// that PostgreSQL server, so the same migrations and queries are proven on both.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: "pglite",
          include: ["tests/unit/**/*.test.{ts,tsx}", "tests/api/**/*.test.ts"],
          env: { LOG_SILENT: "1", NODE_ENV: "test", TEST_DATABASE_URL: "" },
        },
      },
      ...(postgres
        ? [
            {
              test: {
                ...shared,
                name: "postgres",
                include: ["tests/api/**/*.test.ts"],
                env: { LOG_SILENT: "1", NODE_ENV: "test", TEST_DATABASE_URL: postgres },
              },
            },
          ]
        : []),
    ],
  },
});
