import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

const postgres = process.env.TEST_DATABASE_URL;
const shared = { environment: "node" as const, testTimeout: 30_000, hookTimeout: 60_000 };

/**
 * The API files whose SQL differs between PGlite and a PostgreSQL server in ways worth proving on
 * both (roles and grants, read-only console, time zones and date ranges, JSONB, locks, bytea,
 * database branches). The rest use plain SQL that the PGlite pass proves.
 */
export const SQL_DIALECT_FILES = [
  "tests/api/admin-query.test.ts", // console: read-only transaction, statement timeout
  "tests/api/admin-query-role.test.ts", // console: the least-privilege role and its grants
  "tests/api/admin-logs.test.ts", // logs: time ranges and text search
  "tests/api/admin-stats.test.ts", // stats: time zones and day buckets
  "tests/api/admin-vitals.test.ts", // web vitals: percentiles
  "tests/api/lead-photos.test.ts", // photos: bytea, idempotency under concurrency
  "tests/api/lead-held-photos.test.ts", // held leads' photos: a claim's ask under FOR UPDATE, the token replaced ON CONFLICT
  "tests/api/crm-sync.test.ts", // CRM sync: claims with SKIP LOCKED, retries
  "tests/api/leads-jobs.test.ts", // maintenance: interval arithmetic
  "tests/api/lead-release.test.ts", // held leads: release under FOR UPDATE, once, with its mails
  "tests/api/admin-site.test.ts", // site content: jsonb documents, versions under FOR UPDATE, LOCK on seeding
  "tests/api/site-rebuild.test.ts", // build hook: one claim of a due rebuild (UPDATE … RETURNING), intervals
  "tests/api/lead-confirmation.test.ts", // confirmations: per-address advisory lock, 24-hour count
  "tests/api/pipe-alerts.test.ts", // pipe alerts: one open per pipe (partial unique index, ON CONFLICT)
  "tests/api/admin-reports.test.ts", // reports: time zones, business hours over DST, percentiles, arrays, GROUPING SETS
  "tests/api/deploy-preview.test.ts", // previews: per-context settings
  "tests/api/deploy-seed.test.ts", // previews: seeding a branch
  "tests/api/deploy-scrub.test.ts", // previews: scrubbing a copy of production (LOCK, jsonb)
  // Issue 24's proofs, on both databases: what Postgres itself refuses (NUL, dates, time zones),
  // the fuzz's "no 5xx", throttle counters, the takeover's transaction.
  "tests/api/hostile-input.test.ts",
  "tests/api/fuzz-endpoints.test.ts",
  "tests/api/auth-limits.test.ts",
  "tests/api/auth-google-takeover.test.ts",
  "tests/api/auth-reset.test.ts",
  "tests/api/staff-alerts.test.ts", // alerts: push outbox claims with SKIP LOCKED, business minutes, uuid[] arrays
  "tests/api/sms.test.ts", // texts: claims with SKIP LOCKED and a fencing count, a partial unique index ON CONFLICT, 20 transactions at once
  "tests/api/estimate.test.ts", // price rules: jsonb documents, versions under FOR UPDATE, LOCK on seeding
  "tests/api/lead-triage.test.ts", // triage: business seconds over DST, json_agg of related leads, regexp phone search, numeric amounts
  "tests/api/reports-money.test.ts", // money: numeric sums with FILTER in the admin's zone
  "tests/api/visits-book.test.ts", // visits: an exclusion constraint under 20 transactions at once, per-day advisory locks, zones across DST
  "tests/api/visits-change.test.ts", // visits: a link's nonce under FOR UPDATE, reminders claimed with SKIP LOCKED, AT TIME ZONE
  "tests/api/visits-office.test.ts", // visits: the calendar's date ranges across DST, DISTINCT ON, json_build_object, Zoho events claimed with SKIP LOCKED
  "tests/api/visits-reports.test.ts", // visits: percentiles with FILTER, GROUPING SETS, weeks of local dates
];

// Unit and API tests run on embedded PGlite; with TEST_DATABASE_URL the SQL-dialect files run
// again on that PostgreSQL server. Say which, so a skipped pass is never silent.
if (!process.env.VITEST_WORKER_ID) {
  console.log(
    postgres
      ? `▸ PostgreSQL pass: ${SQL_DIALECT_FILES.length} SQL-dialect API files also run on ${new URL(postgres).host}, through pg and through Neon's driver`
      : "▸ PostgreSQL pass: skipped (TEST_DATABASE_URL is not set; .ci/run sets it)",
  );
}

export default defineConfig({
  test: {
    // One file per core (Vitest's default leaves one core idle: a single worker on two cores). The
    // API files wait on databases, sockets and timers as much as they compute: 250 s -> 165 s here.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          ...shared,
          name: "pglite",
          include: ["tests/unit/**/*.test.{ts,tsx}", "tests/api/**/*.test.ts"],
          // Needs a PostgreSQL server behind the WebSocket proxy: the Neon pass runs it.
          exclude: ["tests/api/neon-driver.test.ts"],
          globalSetup: ["tests/helpers/pglite-template.ts"],
          env: { LOG_SILENT: "1", NODE_ENV: "test", TEST_DATABASE_URL: "" },
        },
      },
      ...(postgres
        ? [
            {
              test: {
                ...shared,
                name: "postgres",
                include: SQL_DIALECT_FILES,
                env: { LOG_SILENT: "1", NODE_ENV: "test", TEST_DATABASE_URL: postgres },
              },
            },
            // The production driver (decision 16): the same files through @neondatabase/serverless,
            // over a local WebSocket-to-TCP proxy to the same server, and what only that driver does.
            {
              test: {
                ...shared,
                name: "neon",
                include: [...SQL_DIALECT_FILES, "tests/api/neon-driver.test.ts"],
                globalSetup: ["tests/helpers/neon-proxy-setup.ts"],
                env: { LOG_SILENT: "1", NODE_ENV: "test", TEST_DATABASE_URL: postgres, TEST_DB_DRIVER: "neon" },
              },
            },
          ]
        : []),
    ],
  },
});
