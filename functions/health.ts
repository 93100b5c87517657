import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { getDb } from "../src/server/db/index.ts";
import { deploySettings } from "../src/server/settings/context.ts";
import { zohoFromEnv } from "../src/server/crm/config.ts";
import { twilioFromEnv } from "../src/server/sms/twilio.ts";

export const config: Config = { path: "/api/health" };

/**
 * Liveness and database reachability, for uptime checks; also which deploy context this is and
 * what kind of database it runs on (never a URL or a secret).
 */
export default handle(
  config.path,
  async (_req, _scope, ctx) => {
    const s = deploySettings(process.env, ctx?.deploy?.context);
    const db = await getDb();
    await db.query("SELECT 1");
    return json({
      status: true,
      data: {
        db: db.driver,
        context: s.context,
        database: { kind: s.database.kind, driver: db.driver, writable: !s.database.readOnly },
        // Zoho sync: on, off (not configured) or off on this preview (ZOHO_ON_PREVIEW not set).
        crm: !s.crm.allowed ? "off-preview" : zohoFromEnv() ? "on" : "off",
        // Mail: sent over SMTP, kept in the outbox, or sent only to PREVIEW_MAIL_ALLOW.
        mail: !process.env.SMTP_HOST ? "outbox" : s.mail.mode === "send" ? "smtp" : s.mail.mode,
        // Texts to visitors (issue 34): sent through Twilio, kept in the outbox (no settings), or never on a preview.
        sms: s.preview ? "off-preview" : twilioFromEnv() ? "twilio" : "outbox",
      },
    });
  },
  ["GET"],
);
