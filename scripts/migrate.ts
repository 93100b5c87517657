/**
 * Runs before the Netlify build (`npm run build:deploy`), so a deploy never serves code newer
 * than its schema. Which database, and whether demo data goes in, is the deploy context's call
 * (src/server/settings/context.ts):
 *   - every context with a database it may write: the site's content and the estimator's price rules
 *     are seeded from content/ into a database that has none yet (a first deploy, a new preview
 *     branch), never over published content.
 *   - production: migrates DATABASE_URL / NETLIFY_DB_URL; never seeds demo data.
 *   - deploy-preview / branch-deploy: migrates the preview's own database (PREVIEW_DATABASE_URL,
 *     or the Netlify Database branch in NETLIFY_DB_URL), scrubs a copy of production's data once
 *     (src/server/db/seeds/scrub.ts), and seeds the demo catalogue and accounts.
 *     With only DATABASE_URL (production's), it REFUSES: nothing is migrated or seeded, and the
 *     deploy's functions refuse every write.
 *   - no database URL at all (a build with no database, CI building pages only): nothing to do.
 */
import { createDb } from "../src/server/db/index.ts";
import { migrate } from "../src/server/db/migrate.ts";
import { seedDeploy } from "../src/server/db/seeds/deploy.ts";
import { scrubPreviewCopy } from "../src/server/db/seeds/scrub.ts";
import { seedSiteContent } from "../src/server/site-content/seed.ts";
import { seedPriceRules } from "../src/server/estimate/seed.ts";
import { deploySettings } from "../src/server/settings/context.ts";

const settings = deploySettings();
const { context, database } = settings;
console.log(
  `▸ Deploy context: ${context} (database: ${database.kind}${database.readOnly ? ", read-only" : ""}; ` +
    `CRM sync ${settings.crm.allowed ? "allowed" : "off"}; mail ${settings.mail.mode}; ${settings.noindex ? "noindex + preview ribbon" : "indexable"})`,
);

if (database.readOnly) {
  console.log(
    `▸ REFUSED: this ${context} build found only DATABASE_URL, the production database. Nothing is migrated or seeded, ` +
      "and this deploy's functions refuse every write (503), so production data stays untouched. To try sign-in and forms " +
      "on previews, give them their own database: Netlify Database (a branch per preview) or PREVIEW_DATABASE_URL.",
  );
} else if (database.kind === "embedded") {
  console.log("▸ No database URL: skipping migrations");
} else {
  const db = await createDb(database.url);
  try {
    const applied = await migrate(db);
    console.log(applied.length ? `▸ Migrations applied: ${applied.join(", ")}` : "▸ Database schema up to date");
    // The company's words and pictures start from content/ in a database that has none yet.
    const seeded = await seedSiteContent(db);
    console.log(seeded ? `▸ Site content: ${seeded}` : "▸ Site content: already in the database (content/ is not read again)");
    // The estimator's price rules likewise: content/estimate.json's sample numbers until the office publishes its own.
    const rules = await seedPriceRules(db);
    console.log(rules ? `▸ Price rules: ${rules}` : "▸ Price rules: already in the database (content/estimate.json is not read again)");
    // A preview's database branch is a copy of production's: no customer's data may show there.
    const scrubbed = await scrubPreviewCopy(db, settings);
    if (scrubbed) console.log(`▸ Preview database: ${scrubbed}`);
    for (const line of await seedDeploy(db, settings)) console.log(`▸ Demo data: ${line}`);
  } finally {
    await db.close();
  }
}
