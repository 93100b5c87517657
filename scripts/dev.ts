/**
 * `npm run dev`: embedded Postgres (or DATABASE_URL) migrated and seeded, then `astro dev` with
 * the Netlify plugin serving functions/ beside the pages.
 */
import { spawn } from "node:child_process";
import { loadDotEnv } from "./lib/env.ts";
import { startDatabase } from "./lib/database.ts";

loadDotEnv();
const db = await startDatabase();
const child = spawn(process.execPath, ["node_modules/astro/bin/astro.mjs", "dev", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, DATABASE_URL: db.url },
});
const stop = async () => {
  child.kill("SIGTERM");
  await db.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
child.on("exit", async (code) => {
  await db.stop();
  process.exit(code ?? 0);
});
