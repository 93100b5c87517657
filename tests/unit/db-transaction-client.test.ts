import { describe, expect, it } from "vitest";
import { fromPool, type PoolLike } from "../../src/server/db/index.ts";

/** A client that records how many of its queries run at once, as pg's own queue would hide. */
function countingPool() {
  const log: string[] = [];
  let running = 0;
  let most = 0;
  const client = {
    async query(sql: string) {
      running++;
      most = Math.max(most, running);
      log.push(`start ${sql}`);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      log.push(`end ${sql}`);
      if (sql === "fail") throw new Error("boom");
      return { rows: [{ sql }], rowCount: 1 };
    },
    release() {},
  };
  const pool: PoolLike = { query: client.query, connect: async () => client, end: async () => {} };
  return { pool, log, most: () => most };
}

// Issue 32: the site-content seed ran queries in parallel on one transaction client; pg queues
// them with a deprecation warning, and pg 9 (which Neon's Pool follows) refuses them.
describe("a transaction's client runs one query at a time", () => {
  it("queries asked for together run one after another, in the order asked", async () => {
    const { pool, log, most } = countingPool();
    const db = fromPool("pg", pool);
    const rows = await db.tx((q) => Promise.all(["a", "b", "c"].map((s) => q.query(s).then((r) => r.rows[0].sql))));
    expect(rows).toEqual(["a", "b", "c"]);
    expect(most()).toBe(1);
    expect(log).toEqual(["start BEGIN", "end BEGIN", "start a", "end a", "start b", "end b", "start c", "end c", "start COMMIT", "end COMMIT"]);
  });

  it("a failed query does not hold up the next one, and the transaction rolls back", async () => {
    const { pool, log, most } = countingPool();
    const db = fromPool("pg", pool);
    const out = await db.tx(async (q) => {
      const [a, b] = await Promise.allSettled([q.query("fail"), q.query("after")]);
      return [a.status, b.status];
    });
    expect(out).toEqual(["rejected", "fulfilled"]);
    expect(most()).toBe(1);
    expect(log.filter((l) => l.startsWith("start"))).toEqual(["start BEGIN", "start fail", "start after", "start COMMIT"]);
  });

  it("untrusted SQL's isolated transaction is held to the same", async () => {
    const { pool, most } = countingPool();
    const db = fromPool("neon", pool);
    await db.isolated((q) => Promise.all([q.query("x"), q.query("y")]));
    expect(most()).toBe(1);
  });
});
