// The local build hook runs one `astro build` at a time in a checkout (scripts/lib/local-build-hook.ts):
// Astro renders a build's pages from a content store on disk that every build in the checkout shares,
// and two rebuild servers building at once (two browser test files) rendered one build's pages from
// the other's content.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { BUILD_LOCK, buildLock } from "../../scripts/lib/local-build-hook";

afterEach(() => {
  spawnSync("rm", ["-f", BUILD_LOCK]);
});

describe("the build lock", () => {
  it("lets a second build start only when the first has finished", async () => {
    const order: string[] = [];
    const first = await buildLock();
    order.push("first starts");
    const second = buildLock().then((unlock) => {
      order.push("second starts");
      return unlock;
    });
    await new Promise((r) => setTimeout(r, 600));
    order.push("first ends");
    first();
    (await second)();
    expect(order).toEqual(["first starts", "first ends", "second starts"]);
    expect(existsSync(BUILD_LOCK)).toBe(false);
  });

  it("takes over a lock left by a process that is gone", async () => {
    // A pid that was just used and has exited.
    const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout.toString();
    mkdirSync(".data/builds", { recursive: true });
    writeFileSync(BUILD_LOCK, gone);
    const unlock = await Promise.race([buildLock(), new Promise<null>((r) => setTimeout(() => r(null), 3000))]);
    expect(unlock, "the stale lock was taken over").not.toBeNull();
    unlock!();
  });

  it("waits for a lock held by a live process", async () => {
    mkdirSync(".data/builds", { recursive: true });
    writeFileSync(BUILD_LOCK, String(process.ppid));
    const waiting = buildLock();
    const taken = await Promise.race([waiting.then(() => "taken"), new Promise((r) => setTimeout(() => r("waiting"), 800))]);
    expect(taken).toBe("waiting");
    // Its holder lets go: the waiting build goes on.
    spawnSync("rm", ["-f", BUILD_LOCK]);
    (await waiting)();
  });
});
