// Issue 26: a catalogue change asks Netlify for a rebuild of the prebuilt pages through the build
// hook, once per burst of edits (src/server/publish/rebuild.ts). A fake hook server counts POSTs.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { userWithSession } from "../helpers/auth.ts";

vi.mock("@netlify/functions", async (original) => ({ ...(await original<object>()), purgeCache: async () => {} }));

const { default: newProduct } = await import("../../functions/products-new.ts");
const { default: editProduct } = await import("../../functions/products-edit.ts");
const { default: deleteProduct } = await import("../../functions/products-delete.ts");
const { default: rebuildJob } = await import("../../functions/job-site-rebuild.ts");
const { rebuildSettings, RETRY_SECONDS } = await import("../../src/server/publish/rebuild.ts");

const db = useTestDb();
let admin: { token: string };

/** The fake build hook: records each request; answers with the next status in `answers` (200 when none). */
const hook = { posts: [] as { method: string; url: string }[], answers: [] as number[] };
let server: Server;
let hookUrl = "";

beforeAll(async () => {
  admin = await userWithSession(db(), { role: "admin", email: "boss@example.com" });
  server = createServer((req, res) => {
    hook.posts.push({ method: req.method ?? "", url: req.url ?? "" });
    res.writeHead(hook.answers.shift() ?? 200).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  hookUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/build_hooks/abc123`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

beforeEach(async () => {
  hook.posts.length = 0;
  hook.answers.length = 0;
  await db().query("DELETE FROM site_rebuild");
  vi.stubEnv("BUILD_HOOK_URL", hookUrl);
  vi.stubEnv("BUILD_HOOK_DEBOUNCE_SECONDS", "60");
  // Not a preview (the deploy context's default here); production's strict settings are not needed.
  vi.stubEnv("CONTEXT", "");
});

const create = (name: string) => call(newProduct, "POST", "/api/admin/products/new", { body: { name, price: "$10" }, token: admin.token });
const edit = (id: string, price: string) => call(editProduct, "PUT", `/api/admin/products/edit/${id}`, { body: { price }, token: admin.token, params: { id } });
const remove = (id: string) => call(deleteProduct, "DELETE", `/api/admin/products/delete/${id}`, { token: admin.token, params: { id } });
/** Time passes: the pending rebuild's due time is reached (the debounce is real seconds). */
const debounceOver = () => db().query("UPDATE site_rebuild SET due_at = now() - interval '1 second' WHERE due_at IS NOT NULL");
const runJob = async () => expect((await rebuildJob()).status).toBe(204);
const row = async () => (await db().query<{ due_at: Date | null; reasons: string[]; last_error: string | null; failures: number }>("SELECT due_at, reasons, last_error, failures FROM site_rebuild")).rows[0];

describe("the site rebuild after catalogue changes", () => {
  it("a burst of 5 edits costs one POST to the build hook, once the debounce is over", async () => {
    const made = await create("Rebuild Test Cleat");
    expect(made.status).toBe(201);
    const id = made.json.data.id as string;
    for (const price of ["$11", "$12", "$13"]) expect((await edit(id, price)).status).toBe(200);
    expect((await remove(id)).status).toBe(200);
    expect(hook.posts).toEqual([]);
    expect((await row()).reasons).toEqual(["products"]);
    await runJob();
    expect(hook.posts, "not before the debounce is over").toEqual([]);
    await debounceOver();
    await runJob();
    await runJob();
    expect(hook.posts).toHaveLength(1);
    expect(hook.posts[0].method).toBe("POST");
    expect(new URL(hook.posts[0].url, "http://x").searchParams.get("trigger_title")).toBe("Published changes: products");
    expect((await row()).due_at).toBeNull();
  });

  it("the next edit after the due time fires the pending rebuild itself (its build includes that edit): still one POST", async () => {
    const id = (await create("Rebuild Test Ladder")).json.data.id as string;
    await debounceOver();
    expect((await edit(id, "$99")).status).toBe(200);
    expect(hook.posts).toHaveLength(1);
    expect((await row()).due_at).toBeNull();
    await runJob();
    expect(hook.posts).toHaveLength(1);
  });

  it("a refused POST is logged and asked again a minute later; the edit itself is saved", async () => {
    hook.answers.push(500);
    const made = await create("Rebuild Test Box");
    expect(made.status).toBe(201);
    await debounceOver();
    await runJob();
    expect(hook.posts).toHaveLength(1);
    const failed = await row();
    expect(failed).toMatchObject({ last_error: "the build hook answered 500", failures: 1, reasons: ["products"] });
    expect(failed.due_at!.getTime()).toBeGreaterThan(Date.now() + (RETRY_SECONDS - 10) * 1000);
    expect(JSON.stringify(failed)).not.toContain("abc123");
    await debounceOver();
    await runJob();
    expect(hook.posts).toHaveLength(2);
    expect(await row()).toMatchObject({ due_at: null, last_error: null, failures: 0 });
  });

  it("asks nothing without a hook (local runs) or on a preview, whose database is its own", async () => {
    for (const [url, context] of [["", ""], [hookUrl, "deploy-preview"], [hookUrl, "branch-deploy"]]) {
      vi.stubEnv("BUILD_HOOK_URL", url);
      vi.stubEnv("CONTEXT", context);
      expect(rebuildSettings()).toBeNull();
      expect((await create(`Rebuild Test ${context || "local"}`)).status).toBe(201);
      await runJob();
    }
    expect(await row()).toBeUndefined();
    expect(hook.posts).toEqual([]);
  });

  it("refuses a hook setting that is not a web address, without failing the edit", async () => {
    vi.stubEnv("BUILD_HOOK_URL", "javascript:alert(1)");
    expect(() => rebuildSettings()).toThrow("BUILD_HOOK_URL must be an https:// URL");
    vi.stubEnv("BUILD_HOOK_URL", "not a url");
    expect(() => rebuildSettings()).toThrow("BUILD_HOOK_URL is not a URL");
    expect((await create("Rebuild Test Refused Hook")).status).toBe(201);
    expect(hook.posts).toEqual([]);
  });

  it("with no debounce (BUILD_HOOK_DEBOUNCE_SECONDS=0) each change asks for its build at once", async () => {
    vi.stubEnv("BUILD_HOOK_DEBOUNCE_SECONDS", "0");
    const made = await create("Instant Rebuild Cleat");
    expect(made.status).toBe(201);
    expect(hook.posts).toHaveLength(1);
    expect((await row()).due_at).toBeNull();
    expect((await remove(made.json.data.id)).status).toBe(200);
    expect(hook.posts).toHaveLength(2);
  });
});
