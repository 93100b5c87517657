import { getDb } from "../db/index.ts";
import { forbidden, unauthorized } from "../http/errors.ts";
import { sessionFromToken, type Session } from "./sessions.ts";

export function bearerToken(req: Request): string | null {
  const h = req.headers.get("authorization");
  const m = h && /^Bearer\s+(\S+)$/i.exec(h);
  return m ? m[1] : null;
}

/** The caller's live session, or a 401 (the client logs out on 401). */
export async function requireUser(req: Request): Promise<Session> {
  const token = bearerToken(req);
  if (!token) throw unauthorized();
  const session = await sessionFromToken(await getDb(), token);
  if (!session) throw unauthorized("Session expired");
  return session;
}

/** As `requireUser`, and a 403 unless the user is an admin. Checked on the server for every admin path. */
export async function requireAdmin(req: Request): Promise<Session> {
  const session = await requireUser(req);
  if (session.user.role !== "admin") throw forbidden();
  return session;
}
