/**
 * Versioned migrations, applied in id order by `migrate()`. Add a new file with the next number
 * and list it here; never edit a migration that has shipped.
 *
 * The admin query console reads as the role `console_reader` (008), which sees only the columns
 * granted to it. A migration that adds a table or a column the console should show must also
 * `GRANT SELECT (col, …) ON the_table TO console_reader`, guarded as 008 and 009 do for databases
 * where the role could not be created, and must never grant a column that holds a secret
 * (passwords, tokens or their hashes, links that carry one); list such a column in SECRET_COLUMNS
 * of src/server/admin/query-console.ts, which checks before every run that the role cannot read it.
 */
import core from "./001-core.ts";
import auth from "./002-auth.ts";
import leads from "./003-leads.ts";
import accounts from "./004-accounts.ts";
import products from "./005-products.ts";
import vitals from "./006-vitals.ts";
import leadNames from "./007-lead-names.ts";
import consoleRole from "./008-console-role.ts";
import leadStatus from "./009-lead-status.ts";
import leadPhotos from "./010-lead-photos.ts";
import leadPhone from "./011-lead-phone.ts";
import pipeAlerts from "./012-pipe-alerts.ts";
import leadPhotoQuota from "./013-lead-photo-quota.ts";
import leadRelease from "./014-lead-release.ts";
import siteRebuild from "./015-site-rebuild.ts";
import leadLanding from "./016-lead-landing.ts";
import siteContent from "./017-site-content.ts";
import leadPhotoClaims from "./018-lead-photo-claims.ts";
import loginAttempt from "./019-login-attempt.ts";
import staffAlerts from "./020-staff-alerts.ts";
import sms from "./021-sms.ts";
import visits from "./022-visits.ts";
import priceRules from "./023-price-rules.ts";
import languages from "./024-languages.ts";
import productCategory from "./025-product-category.ts";
import leadAmounts from "./026-lead-amounts.ts";

export interface Migration {
  id: string;
  sql: string;
}

export const migrations: Migration[] = [core, auth, leads, accounts, products, vitals, leadNames, consoleRole, leadStatus, leadPhotos, leadPhone, pipeAlerts, leadPhotoQuota, leadRelease, siteRebuild, leadLanding, siteContent, leadPhotoClaims, loginAttempt, staffAlerts, sms, visits, priceRules, languages, productCategory, leadAmounts];
