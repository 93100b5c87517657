import { describe, expect, it } from "vitest";
import { BuildSwitch } from "../../scripts/lib/build-switch.ts";

const build = (name: string, log: string[]) => ({ name, stop: async () => void log.push(`stop ${name}`) });

// Issue 32: a request being answered from the old build while the local build hook switched to
// the new one got the 404 page (the old folder was already gone).
describe("switching the served build", () => {
  it("answers new requests from the new build at once, and stops the old one only after its last request", async () => {
    const log: string[] = [];
    const sw = new BuildSwitch(build("dist", log));
    const inFlight = sw.take();
    expect(inFlight.server.name).toBe("dist");
    let switched = false;
    const switching = sw.switchTo(build("b1", log)).then(() => (switched = true));
    expect(sw.take().server.name).toBe("b1");
    await new Promise((r) => setTimeout(r, 20));
    expect(log).toEqual([]);
    expect(switched).toBe(false);
    log.push("answered from dist");
    inFlight.release();
    await switching;
    expect(log).toEqual(["answered from dist", "stop dist"]);
  });

  it("stops an idle old build at once, counts a release once, and drains a build that had several requests", async () => {
    const log: string[] = [];
    const sw = new BuildSwitch(build("a", log));
    await sw.switchTo(build("b", log));
    expect(log).toEqual(["stop a"]);
    const r1 = sw.take();
    const r2 = sw.take();
    const done = sw.switchTo(build("c", log));
    r1.release();
    r1.release();
    await new Promise((r) => setTimeout(r, 10));
    expect(log).toEqual(["stop a"]);
    r2.release();
    await done;
    expect(log).toEqual(["stop a", "stop b"]);
    expect(sw.server.name).toBe("c");
  });
});
