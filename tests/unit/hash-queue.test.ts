import { describe, expect, it } from "vitest";
import { HASH_BUSY_MESSAGE, HashQueue } from "../../src/server/auth/hash-queue.ts";

const deferred = () => {
  let done!: () => void;
  const p = new Promise<void>((r) => (done = r));
  return { p, done };
};

// Issue 33: parallel log-ins filled Node's thread pool with scrypt and stalled every other answer.
describe("the password-hashing queue", () => {
  it("runs two at once, keeps the next in line, and refuses past the line with a 429 at once", async () => {
    const q = new HashQueue(2, 3);
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    const jobs = gates.map((g, i) => q.run(async () => (started.push(i), await g.p, i)));
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(q.load).toEqual({ active: 2, queued: 3 });
    await expect(q.run(async () => "sixth")).rejects.toMatchObject({ status: 429, message: HASH_BUSY_MESSAGE, extra: { retryAfter: 5 } });
    gates[0].done();
    await jobs[0];
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.done();
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4]);
    expect(q.load).toEqual({ active: 0, queued: 0 });
  });

  it("frees its slot when a hash fails", async () => {
    const q = new HashQueue(1, 0);
    await expect(q.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await q.run(async () => "next")).toBe("next");
  });
});

describe("every password hash goes through the process's queue", () => {
  it("a hash and a check each take a slot while they run", async () => {
    const { hashQueue } = await import("../../src/server/auth/hash-queue.ts");
    const { hashPassword, verifyPassword } = await import("../../src/server/auth/password.ts");
    const hashing = hashPassword("tide pools at dawn");
    expect(hashQueue.load.active).toBe(1);
    const stored = await hashing;
    const checking = verifyPassword("tide pools at dawn", stored);
    expect(hashQueue.load.active).toBe(1);
    expect(await checking).toBe(true);
    expect(hashQueue.load).toEqual({ active: 0, queued: 0 });
  });
});
