/** The stored objects (product images) as the admin's storage list shows them. */
import type { StoredObject } from "../../lib/contracts/admin.ts";
import type { Queryable } from "../db/index.ts";

/** The list holds at most this many objects, newest first. */
export const BUCKET_MAX = 500;

export async function listBucket(q: Queryable): Promise<StoredObject[]> {
  const r = await q.query<{ key: string; size: number; content_type: string; created_at: Date }>(
    "SELECT key, size, content_type, created_at FROM images ORDER BY created_at DESC, key LIMIT $1",
    [BUCKET_MAX],
  );
  return r.rows.map((o) => ({ key: o.key, size: Number(o.size), contentType: o.content_type, createdAt: new Date(o.created_at).toISOString() }));
}
