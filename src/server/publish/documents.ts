/**
 * A document the office publishes (decision 13): a draft it edits, and every publish kept whole as a
 * numbered version. The highest version is live (what the next build reads); any version can be
 * restored as the draft, which goes live only on the next publish. Versions are never changed or
 * deleted. The site's content (migration 017) and the estimator's price rules (023) are two of them:
 * each has a `<name>_versions` table and a one-row `<name>_draft` table of the same columns.
 */
import type { Db, Queryable } from "../db/index.ts";
import { HttpError, notFound } from "../http/errors.ts";

export interface LiveDocument<T> {
  version: number;
  doc: T;
  publishedAt: string;
  publishedBy: string;
}

export interface DraftDocument<T> {
  doc: T;
  updatedAt: string;
  updatedBy: string;
  restoredFrom: number | null;
}

export interface VersionInfo {
  version: number;
  publishedAt: string;
  publishedBy: string;
  restoredFrom: number | null;
}

/** A timestamp column as ISO text (PGlite and pg give a Date). */
export const iso = (t: unknown) => (t instanceof Date ? t.toISOString() : String(t));

export interface DocumentTables {
  /** The versions table ("site_content_versions"). */
  versions: string;
  /** The draft table ("site_content_draft") and its one row's id ("site"). */
  draft: string;
  id: string;
  /** Said (409) when the database has no version yet. */
  notSetUp: string;
  /** Said (409) when a publish finds the draft equal to the live version. */
  nothingNew: string;
}

/** The draft, publish, history and restore of one document kind. Table names are the code's own constants, never input. */
export function publishedDocument<T>(t: DocumentTables) {
  const notSetUp = () => new HttpError(409, t.notSetUp);

  return {
    notSetUp,

    /** The live version (null before the first seed). */
    async live(q: Queryable): Promise<LiveDocument<T> | null> {
      const r = await q.query<{ version: number; doc: T; published_at: Date; published_by: string }>(
        `SELECT version, doc, published_at, published_by FROM ${t.versions} ORDER BY version DESC LIMIT 1`,
      );
      const row = r.rows[0];
      return row ? { version: row.version, doc: row.doc, publishedAt: iso(row.published_at), publishedBy: row.published_by } : null;
    },

    /** The live version's number only: cheap, for "did it move" checks. 0 before the first seed. */
    async liveVersion(q: Queryable): Promise<number> {
      const r = await q.query<{ v: number | null }>(`SELECT max(version) AS v FROM ${t.versions}`);
      return r.rows[0]?.v ?? 0;
    },

    async draft(q: Queryable): Promise<DraftDocument<T> | null> {
      const r = await q.query<{ doc: T; updated_at: Date; updated_by: string; restored_from: number | null }>(
        `SELECT doc, updated_at, updated_by, restored_from FROM ${t.draft} WHERE id = $1`,
        [t.id],
      );
      const row = r.rows[0];
      return row ? { doc: row.doc, updatedAt: iso(row.updated_at), updatedBy: row.updated_by, restoredFrom: row.restored_from } : null;
    },

    async history(q: Queryable, limit = 50): Promise<VersionInfo[]> {
      const r = await q.query<{ version: number; published_at: Date; published_by: string; restored_from: number | null }>(
        `SELECT version, published_at, published_by, restored_from FROM ${t.versions} ORDER BY version DESC LIMIT $1`,
        [limit],
      );
      return r.rows.map((v) => ({ version: v.version, publishedAt: iso(v.published_at), publishedBy: v.published_by, restoredFrom: v.restored_from }));
    },

    /** Replaces the whole draft (checked by the caller). 409 when the document is not set up. */
    async saveDraft(q: Queryable, doc: T, by: string): Promise<void> {
      const r = await q.query(`UPDATE ${t.draft} SET doc = $2::jsonb, updated_at = now(), updated_by = $3 WHERE id = $1`, [t.id, JSON.stringify(doc), by]);
      if (!r.rowCount) throw notSetUp();
    },

    /**
     * Publishes the draft as a new version and answers its number; 409 when there is nothing new.
     * `check` validates the whole draft once more (an older draft, a restore) and throws a 400.
     */
    async publish(db: Db, by: string, check: (doc: unknown) => void): Promise<number> {
      return db.tx(async (q) => {
        const draft = await q.query<{ doc: unknown; restored_from: number | null }>(`SELECT doc, restored_from FROM ${t.draft} WHERE id = $1 FOR UPDATE`, [t.id]);
        if (!draft.rows[0]) throw notSetUp();
        const same = await q.query<{ version: number; same: boolean }>(
          `SELECT v.version, v.doc = d.doc AS same FROM ${t.versions} v, ${t.draft} d WHERE d.id = $1 ORDER BY v.version DESC LIMIT 1`,
          [t.id],
        );
        if (same.rows[0]?.same) throw new HttpError(409, t.nothingNew);
        check(draft.rows[0].doc);
        const version = (same.rows[0]?.version ?? 0) + 1;
        await q.query(`INSERT INTO ${t.versions} (version, doc, published_by, restored_from) SELECT $1, doc, $2, $3 FROM ${t.draft} WHERE id = $4`, [
          version,
          by,
          draft.rows[0].restored_from,
          t.id,
        ]);
        await q.query(`UPDATE ${t.draft} SET restored_from = NULL WHERE id = $1`, [t.id]);
        return version;
      });
    },

    /** Makes an earlier version the draft (published again only by "Publish"). */
    async restore(db: Db, version: number, by: string): Promise<void> {
      const r = await db.query(
        `UPDATE ${t.draft} d SET doc = v.doc, restored_from = v.version, updated_at = now(), updated_by = $3
           FROM ${t.versions} v WHERE d.id = $1 AND v.version = $2`,
        [t.id, version, by],
      );
      if (!r.rowCount) throw notFound(`No published version ${version}`);
    },

    /** Whether the draft differs from the live version. */
    async draftChanged(q: Queryable): Promise<boolean> {
      const r = await q.query<{ changed: boolean }>(
        `SELECT NOT EXISTS (SELECT 1 FROM ${t.versions} v WHERE v.version = (SELECT max(version) FROM ${t.versions}) AND v.doc = d.doc) AS changed
           FROM ${t.draft} d WHERE d.id = $1`,
        [t.id],
      );
      return r.rows[0]?.changed ?? false;
    },

    /**
     * Seeds version 1 and the draft with `doc` when no version exists yet (never over what the office
     * published). Answers whether it did. Inside the caller's transaction.
     */
    async seed(q: Queryable, doc: T, by: string): Promise<boolean> {
      await q.query(`LOCK TABLE ${t.versions} IN EXCLUSIVE MODE`);
      if ((await q.query(`SELECT 1 FROM ${t.versions} LIMIT 1`)).rows.length) return false;
      const json = JSON.stringify(doc);
      await q.query(`INSERT INTO ${t.versions} (version, doc, published_by) VALUES (1, $1::jsonb, $2)`, [json, by]);
      await q.query(
        `INSERT INTO ${t.draft} (id, doc, updated_by) VALUES ($1, $2::jsonb, $3)
         ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc, updated_by = EXCLUDED.updated_by, updated_at = now()`,
        [t.id, json, by],
      );
      return true;
    },
  };
}

export type PublishedDocument<T> = ReturnType<typeof publishedDocument<T>>;
