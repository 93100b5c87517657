import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { failureDigest } from "../../scripts/lib/failure-digest.ts";

// Real output of a failing Playwright test and a failing Vitest test (tests/fixtures/test-output),
// as `npm test` keeps it: the end of a CI log must name the test and why it failed.
const fixture = (name: string) => readFileSync(new URL(`../fixtures/test-output/${name}`, import.meta.url), "utf8");

describe("failureDigest", () => {
  it("names a failed Playwright test with its error, without the server's lines", () => {
    const digest = failureDigest(fixture("playwright-failed.txt"));
    expect(digest[0]).toMatch(/^\s+1\) \[desktop\] › tests\/e2e\/zz-tmp-fail\.spec\.ts:2:1 › a deliberately failing check/);
    expect(digest).toContain("    Error: expect(locator).toBeVisible() failed");
    expect(digest.some((l) => l.includes("Locator: getByRole('heading', { name: 'No such heading' })"))).toBe(true);
    expect(digest.some((l) => l.includes("[WebServer]"))).toBe(false);
    expect(digest.at(-1)).toBe("  1 failed");
    expect(digest.length).toBeLessThanOrEqual(14);
  });

  it("names a failed Vitest test with its assertion, colours removed", () => {
    const digest = failureDigest(fixture("vitest-failed.txt"));
    expect(digest[0]).toMatch(/^\s*FAIL\s+pglite\s+tests\/unit\/zz-tmp-fail\.test\.ts > a deliberately failing unit$/);
    expect(digest[1]).toBe("AssertionError: expected { a: 1 } to deeply equal { a: 2 }");
    expect(digest.join("\n")).not.toContain("\x1b[");
    expect(digest.at(-1)).toMatch(/^\s*Tests\s+1 failed/);
  });

  it("names ESLint's and astro check's errors", () => {
    const eslint = "/work/main/src/a.ts\n  12:5  error  'x' is never used  @typescript-eslint/no-unused-vars\n\n✖ 1 problem";
    expect(failureDigest(eslint)).toEqual(["  12:5  error  'x' is never used  @typescript-eslint/no-unused-vars"]);
    const check = "src/b.ts:3:7 - error ts(2322): Type 'string' is not assignable to type 'number'.\n\n3 const n: number = \"1\";\n";
    expect(failureDigest(check)[0]).toBe("src/b.ts:3:7 - error ts(2322): Type 'string' is not assignable to type 'number'.");
  });

  it("keeps a long run short: at most the first blocks, and says how many more", () => {
    const many = Array.from({ length: 9 }, (_, i) => `  ${i + 1}) [phone] › tests/e2e/x.spec.ts:${i}:1 › t${i} ──\n\n    Error: boom ${i}\n`).join("\n");
    const digest = failureDigest(`${many}\n  9 failed\n`, 6, 12);
    expect(digest.filter((l) => /^\s+\d+\) \[/.test(l))).toHaveLength(6);
    expect(digest).toContain("  … and 3 more (above in the log)");
  });

  it("is empty for a passing run", () => {
    expect(failureDigest("  335 passed (6.2m)\n")).toEqual([]);
  });
});
