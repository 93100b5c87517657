/**
 * A production-build server of a test file's own that rebuilds its pages after each publish
 * (scripts/serve.ts --rebuild: the build hook answered by `astro build` against the same database,
 * the new build served once it succeeds), so the main suite's server never rebuilds. With the office's
 * calls to the Site API and a wait for the served build, as the back office's status waits.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { expect, test, type APIRequestContext } from "@playwright/test";

export function useRebuildServer(port: number) {
  const base = `http://localhost:${port}`;
  let server: ChildProcess | undefined;
  let log = "";

  test.beforeAll(async () => {
    // The hook's own time, not the default 30 s: an in-memory database is migrated and seeded before
    // the server answers, which takes over 30 s on a loaded 2-core machine (the poll waits 110 s).
    test.setTimeout(120_000);
    server = spawn(process.execPath, ["--experimental-transform-types", "--no-warnings", "scripts/serve.ts", "--memory", "--quiet", "--rebuild", "--port", String(port)], {
      env: { ...process.env, BUILD_HOOK_URL: "", BUILD_HOOK_DEBOUNCE_SECONDS: "0", NODE_ENV: "test", SCRYPT_LOG_N: "10", AUTH_RATE_LIMIT_FACTOR: "50" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout?.on("data", (b) => (log += b));
    server.stderr?.on("data", (b) => (log += b));
    await expect
      .poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status ?? 0, { timeout: 110_000, message: `the server did not start:\n${log}` })
      .toBe(200);
  });
  test.afterAll(() => {
    server?.kill("SIGTERM");
  });

  /** The demo admin's calls to the Site API; each expects success. */
  async function office(request: APIRequestContext) {
    const r = await request.post(`${base}/api/auth/in`, { data: { email: "admin@example.com", password: "demo-admin-password" } });
    expect(r.status()).toBe(200);
    const session = (await r.json()).data as { token: string; user: { email: string; name: string } };
    const headers = { authorization: `Bearer ${session.token}` };
    /** The answer's `data` (the API's JSON, read by each test as it needs). */
    const ok = async (res: Awaited<ReturnType<APIRequestContext["get"]>>, status = 200): Promise<any> => {
      expect(res.status(), await res.text()).toBe(status);
      return ((await res.json()) as { data: any }).data;
    };
    return {
      session,
      headers,
      /** GET /api/admin/site's answer (draft, live, versions…). */
      view: async () => ok(await request.get(`${base}/api/admin/site`, { headers })),
      upload: async (bytes: Buffer): Promise<string> => (await ok(await request.post(`${base}/api/admin/site/images`, { headers: { ...headers, "content-type": "image/jpeg" }, data: bytes }), 201)).url,
      save: async (section: string, value: unknown) => ok(await request.put(`${base}/api/admin/site/${section}`, { headers, data: value })),
      publish: async (): Promise<number> => (await ok(await request.post(`${base}/api/admin/site/publish`, { headers }))).published,
      restore: async (version: number) => ok(await request.post(`${base}/api/admin/site/restore/${version}`, { headers })),
    };
  }

  /** Waits until the served build is the one made from `version` (/content-version.json). */
  async function servedVersion(request: APIRequestContext, version: number) {
    await expect
      .poll(async () => (await (await request.get(`${base}/content-version.json`)).json()).version, {
        timeout: 180_000,
        intervals: [2000],
        message: `the rebuild did not serve version ${version}; server log:\n${log.slice(-3000)}`,
      })
      .toBe(version);
  }

  /** The local build hook's state (scripts/lib/local-build-hook.ts: GET answers it as JSON). */
  const hookState = async (request: APIRequestContext): Promise<{ building: boolean; builds: number; failures: number; lastError: string | null }> =>
    (await request.get(`${base}/.netlify/local-build-hook`)).json();

  /** Waits until a build after the `before`-th has been served and none is running (a product edit moves no content version). */
  async function builtAfter(request: APIRequestContext, before: number) {
    await expect
      .poll(async () => {
        const s = await hookState(request);
        expect(s.failures, `a rebuild failed: ${s.lastError}`).toBe(0);
        return s.builds > before && !s.building;
      }, { timeout: 180_000, intervals: [2000], message: `no rebuild was served; server log:\n${log.slice(-3000)}` })
      .toBe(true);
  }

  return { base, office, servedVersion, hookState, builtAfter };
}
