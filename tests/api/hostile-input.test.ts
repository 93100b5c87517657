/**
 * Issue 24, item 9: what a fuzz of every endpoint found, one test each. Each answer is a 4xx that
 * names the field, in the API's error shape, and the server keeps answering.
 */
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { userWithSession } from "../helpers/auth.ts";
import { freshEmail, userWithPassword } from "../helpers/accounts.ts";
import signNew from "../../functions/sign-new.ts";
import authIn from "../../functions/auth-in.ts";
import resetPswd from "../../functions/auth-resetpswd.ts";
import productsNew from "../../functions/products-new.ts";
import productsEdit from "../../functions/products-edit.ts";
import productsPublic from "../../functions/products-public.ts";
import statusFn from "../../functions/admin-leads-status.ts";
import { storeLead } from "../../src/server/leads/store.ts";
import { PathParamError, callFunction, loadFunctions, toWebRequest } from "../../scripts/lib/functions.ts";
import { matchFunction, readFunctionRoutes } from "../../scripts/lib/dev-functions.ts";

const db = useTestDb();
let admin: { token: string };
let routes: Awaited<ReturnType<typeof loadFunctions>>;

beforeAll(async () => {
  admin = await userWithSession(db(), { role: "admin" });
  routes = await loadFunctions();
});

const count = async (table: string) => Number((await db().query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);

describe("a NUL or another control character in text is a 400 naming the field, not a 500", () => {
  it("sign-up name", async () => {
    const before = await count("users");
    const r = await call(signNew, "POST", "/api/sign/new", {
      body: { email: freshEmail("nul"), password: "a long enough passphrase 42", acceptTerms: true, name: "Ann\u0000" },
    });
    expect(r.status, r.text).toBe(400);
    expect(r.json).toMatchObject({ status: false, field: "name", message: "Invalid name: must not contain control characters" });
    expect(await count("users")).toBe(before);
  });

  it("a password with a trailing NUL does not log in as the password without it", async () => {
    const u = await userWithPassword(db(), { password: "correct horse battery" });
    const r = await call(authIn, "POST", "/api/auth/in", { body: { email: u.email, password: `${u.password}\u0000` } });
    expect(r.status, r.text).toBe(400);
    expect(r.json).toMatchObject({ status: false, field: "password" });
    expect(r.json.data?.token).toBeUndefined();
  });

  it("reset request e-mail", async () => {
    const r = await call(resetPswd, "POST", "/api/auth/resetpswd", { body: { email: "a\u0000@example.com" } });
    expect(r.status, r.text).toBe(400);
    expect(r.json.field).toBe("email");
  });

  it.each(["name", "description", "color", "price"])("product %s, new and edited", async (field) => {
    const before = await count("products");
    const created = await call(productsNew, "POST", "/api/admin/products/new", {
      token: admin.token,
      body: { name: "Dock light", [field]: "bad\u0000value" },
    });
    expect(created.status, created.text).toBe(400);
    expect(created.json).toMatchObject({ status: false, field });
    expect(await count("products")).toBe(before);
    const id = (await db().query<{ id: string }>("SELECT id FROM products LIMIT 1")).rows[0]?.id ?? "some-product";
    const edited = await call(productsEdit, "PUT", `/api/admin/products/edit/${id}`, {
      token: admin.token,
      params: { id },
      body: { [field]: "bad\u0001value" },
    });
    expect(edited.status, edited.text).toBe(400);
    expect(edited.json.field).toBe(field);
  });

  it("lead status note", async () => {
    const { id } = await storeLead(db(), {
      kind: "quote",
      fullName: "Nul Note",
      email: "nul-note@example.com",
      phone: "239-555-0101",
      subject: "Seawalls",
      ip: "203.0.113.1",
      spamReason: null,
      crmEnabled: false,
    });
    const r = await call(statusFn, "POST", `/api/admin/leads/${id}/status`, {
      token: admin.token,
      params: { id },
      body: { status: "contacted", note: "called\u0000" },
    });
    expect(r.status, r.text).toBe(400);
    expect(r.json).toMatchObject({ status: false, field: "note" });
    expect(await count("lead_status_history")).toBe(0);
  });

  it.each(["%00", "a%00b", "%7F"])("the catalogue search ?q=%s", async (q) => {
    const r = await call(productsPublic, "GET", `/api/public/products?q=${q}`);
    expect(r.status, r.text).toBe(400);
    expect(r.json).toMatchObject({ status: false, field: "q" });
  });

  it("still takes tabs and line breaks where text may be multi-line", async () => {
    const r = await call(productsNew, "POST", "/api/admin/products/new", {
      token: admin.token,
      body: { name: "Tabbed\tlight", description: "line one\r\nline two" },
    });
    expect(r.status, r.text).toBe(201);
  });
});

describe("a path parameter that is not valid UTF-8 is a 400 naming it, not a 502 (both local routers)", () => {
  const paths = [
    ["/api/public/products/%ED%A0%80", "id"],
    ["/api/images/%ED%A0%80", "key"],
    ["/api/admin/products/edit/%E0%A4%A", "id"],
    ["/api/admin/products/delete/%FF", "id"],
    ["/api/admin/leads/%C0%AF/status", "id"],
    ["/api/admin/leads/%ED%A0%80/retry", "id"],
    ["/api/admin/leads/00000000-0000-4000-8000-000000000000/photos/%ED%A0%80", "photoId"],
  ] as const;

  it.each(paths)("the preview server's router: %s", async (path, param) => {
    const res = await callFunction(routes, new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${admin.token}` } }), "203.0.113.9");
    expect(res?.status).toBe(400);
    const body = await res!.json();
    expect(body).toMatchObject({ status: false, field: param });
    expect(body.message).toMatch(new RegExp(`^Invalid ${param}: `));
  });

  it.each(paths)("the dev server's router: %s", async (path, param) => {
    const devRoutes = await readFunctionRoutes("functions");
    let error: unknown;
    try {
      matchFunction(devRoutes, path);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PathParamError);
    expect((error as PathParamError).param).toBe(param);
  });

  it("still decodes a valid escape", async () => {
    const res = await callFunction(routes, new Request("http://localhost/api/public/products/no%20such"), "203.0.113.9");
    expect(res?.status).toBe(400);
    expect((await res!.json()).message).toMatch(/Unknown product id/);
  });
});

describe("a chunked body over the size limit, over real HTTP", () => {
  let server: Server;
  let port: number;
  const crashes: unknown[] = [];
  const onCrash = (e: unknown) => crashes.push(e);

  beforeAll(async () => {
    process.on("uncaughtException", onCrash);
    // The preview server's own adapter and router (scripts/serve.ts uses these two).
    server = createServer(async (req, res) => {
      try {
        const response = (await callFunction(routes, toWebRequest(req), "127.0.0.1")) ?? new Response("Not found", { status: 404 });
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      } catch {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      }
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    process.off("uncaughtException", onCrash);
    await new Promise((done) => server.close(done));
  });

  /** POSTs `chunks` chunks of `size` bytes with Transfer-Encoding: chunked (no Content-Length). */
  function chunked(path: string, chunks: number, size: number, token?: string): Promise<{ status: number; body: string }> {
    return new Promise((done, fail) => {
      const req = request({ host: "127.0.0.1", port, path, method: "POST", headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) } }, (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => done({ status: res.statusCode ?? 0, body }));
      });
      req.on("error", fail);
      let sent = 0;
      const more = () => {
        while (sent < chunks) {
          sent++;
          if (!req.write(`${sent === 1 ? '{"path":"' : ""}${"x".repeat(size)}`)) return void req.once("drain", more);
        }
        req.end('"}');
      };
      more();
    });
  }

  it("answers 413 naming the limit, and the server keeps answering", async () => {
    for (let i = 0; i < 3; i++) {
      const r = await chunked("/api/vitals", 64, 1024);
      expect(r.status).toBe(413);
      expect(JSON.parse(r.body)).toMatchObject({ status: false, field: "body", message: "Request body too large: at most 1024 bytes" });
    }
    const admin2 = await userWithSession(db(), { role: "admin" });
    expect((await chunked("/api/admin/query", 200, 1024, admin2.token)).status).toBe(413);
    expect((await chunked("/api/admin/leads/00000000-0000-4000-8000-000000000000/status", 64, 1024, admin2.token)).status).toBe(413);
    await new Promise((r) => setTimeout(r, 100));
    expect(crashes).toEqual([]);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBeLessThan(500);
  });
});
