import type { Config, Context } from "@netlify/functions";
import { z } from "zod";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { check, readJson } from "../src/server/http/validate.ts";
import { badRequest, notFound } from "../src/server/http/errors.ts";
import { requireAdmin } from "../src/server/auth/guard.ts";
import { getDb } from "../src/server/db/index.ts";
import { text } from "../src/lib/text.ts";
import { endpointProblem, removeDevice, saveDevice } from "../src/server/alerts/push.ts";

export const config: Config = { path: ["/api/admin/alerts/devices", "/api/admin/alerts/devices/:id"] };

// A P-256 public key is 65 bytes (87 base64url characters), the auth secret 16 (22).
const base64url = (bytes: number) => z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}={0,2}$`), `must be ${bytes} bytes, base64url`);
const subscription = z.strictObject({
  endpoint: text("is required").max(2048, "is too long"),
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
  label: text().trim().max(80, "is too long").default(""),
});
const params = z.object({ id: z.string().regex(/^\d{1,18}$/, "not a device id") });

/**
 * This admin's devices that get alerts. POST {endpoint, keys, label}: turns alerts on for this
 * browser (its push subscription; only a known push service's https address is accepted). DELETE
 * /{id}: turns them off for one of the admin's own devices.
 */
export default handle(
  config.path,
  async (req, { log }, ctx: Context | undefined) => {
    const session = await requireAdmin(req);
    const db = await getDb();
    if (req.method === "DELETE") {
      const { id } = check(params, { id: ctx?.params?.id ?? "" });
      if (!(await removeDevice(db, session.user.id, { id }))) throw notFound("No such device of yours");
      log.info(`Alerts turned off on device ${id} by ${session.user.email}`);
      return json({ status: true, data: { id, removed: true } });
    }
    const body = await readJson(req, subscription);
    const problem = endpointProblem(body.endpoint);
    if (problem) throw badRequest(`The push address ${problem}`, "endpoint");
    const device = await saveDevice(db, session.user.id, { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, label: body.label });
    log.info(`Alerts turned on on device ${device.id} (${device.label || "unnamed"}) by ${session.user.email}`);
    return json({ status: true, data: { device } }, { status: 201 });
  },
  ["POST", "DELETE"],
);
