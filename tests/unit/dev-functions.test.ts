import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { astroClientScripts, clientDependencies, importedSpecifiers } from "../../scripts/lib/client-deps.ts";
import {
  applyRule,
  devFunctions,
  dropReloadsWithNoPageOpen,
  matchFunction,
  parseRedirectsFile,
  parseTomlRedirects,
  readFunctionRoutes,
  shadowed,
  staticConfigPaths,
} from "../../scripts/lib/dev-functions.ts";
import { isImageSource } from "../../src/islands/gallery/slides.ts";

const ROOT = resolve(".");

describe("the dev server's function router", () => {
  it("reads every function's config.path from its source, the same as the module exports", async () => {
    const files = readdirSync("functions").filter((f) => f.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) {
      const mod = await import(pathToFileURL(resolve("functions", f)).href);
      const declared = mod.config?.path ? ([] as string[]).concat(mod.config.path) : undefined;
      expect(staticConfigPaths(readFileSync(join("functions", f), "utf8")), f).toEqual(declared);
    }
  });

  it("routes the API's paths to their functions, with the parameters", async () => {
    const routes = await readFunctionRoutes("functions");
    const hit = (p: string) => {
      const m = matchFunction(routes, p);
      return m && { file: m.route.file.split("/").pop(), params: m.params };
    };
    expect(hit("/api/public/products")).toEqual({ file: "products-public.ts", params: {} });
    expect(hit("/api/public/products/four-step-dock-ladder")).toEqual({ file: "products-public.ts", params: { id: "four-step-dock-ladder" } });
    expect(hit("/api/images/abc_DEF-123")).toEqual({ file: "images.ts", params: { key: "abc_DEF-123" } });
    expect(hit("/api/admin/leads/42/retry")).toEqual({ file: "admin-leads-retry.ts", params: { id: "42" } });
    expect(hit("/api/admin/leads")).toEqual({ file: "admin-leads.ts", params: {} });
    expect(hit("/api/health/")).toEqual({ file: "health.ts", params: {} });
    expect(hit("/api/nothing-here")).toBeUndefined();
    expect(hit("/products")).toBeUndefined();
  });

  it("finds a path written as a list or with single quotes, and none where there is no literal", () => {
    expect(staticConfigPaths(`export const config: Config = {\n  path: ["/api/a", '/api/a/:id'],\n  method: "GET" };`)).toEqual(["/api/a", "/api/a/:id"]);
    expect(staticConfigPaths(`export const config = { path: '/api/b' }`)).toEqual(["/api/b"]);
    expect(staticConfigPaths(`export const config = { path: PATHS }`)).toBeUndefined();
    expect(staticConfigPaths(`export default () => new Response("")`)).toBeUndefined();
  });
});

describe("the dev server's redirects", () => {
  const rules = [...parseRedirectsFile(readFileSync("public/_redirects", "utf8")), ...parseTomlRedirects(readFileSync("netlify.toml", "utf8"))];

  it("rewrites a product address to the detail shell and redirects /shop, as Netlify does", () => {
    const where = (p: string) => rules.map((r) => ({ to: applyRule(r, p), status: r.status })).find((x) => x.to !== undefined);
    expect(where("/products/four-step-dock-ladder")).toEqual({ to: "/products/detail/", status: 200 });
    expect(where("/shop")).toEqual({ to: "/products", status: 301 });
    expect(where("/products")).toBeUndefined();
  });

  it("leaves a path that is a page or a public file alone (shadowing)", () => {
    expect(shadowed(ROOT, "/products/detail")).toBe(true);
    expect(shadowed(ROOT, "/products/detail/")).toBe(true);
    expect(shadowed(ROOT, "/products")).toBe(true);
    expect(shadowed(ROOT, "/_redirects")).toBe(true);
    // A product's own page (products/[id].astro) is rendered per request, not rewritten to the shell.
    expect(shadowed(ROOT, "/products/four-step-dock-ladder")).toBe(true);
    expect(shadowed(ROOT, "/no-such-folder/page")).toBe(false);
  });

  it("parses forced rules, splats and comments", () => {
    const [a, b] = parseRedirectsFile("# comment\n/old/*  /new/:splat  302\n/x  /y  200!\n");
    expect(applyRule(a, "/old/a/b")).toBe("/new/a/b");
    expect(a.status).toBe(302);
    expect(b).toMatchObject({ status: 200, force: true });
  });
});

describe("the dev-functions plugin in a running Vite server", () => {
  let dir: string;
  let server: ViteDevServer;
  let base: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "dev-functions-"));
    mkdirSync(join(dir, "functions"));
    mkdirSync(join(dir, "public"));
    mkdirSync(join(dir, "src/pages"), { recursive: true });
    writeFileSync(join(dir, "src/pages/detail.astro"), "");
    writeFileSync(join(dir, "public/_redirects"), "/things/:id  /detail  200\n/gone  /detail  301\n");
    writeFileSync(
      join(dir, "functions/echo.ts"),
      `const VERSION: number = 1;
export default async (req: Request, ctx: { params: Record<string, string>; ip: string; waitUntil(p: Promise<unknown>): void }) => {
  const body = req.method === "POST" ? await req.json() : null;
  const headers = new Headers({ "content-type": "application/json" });
  headers.append("set-cookie", "a=1");
  headers.append("set-cookie", "b=2");
  return new Response(JSON.stringify({ version: VERSION, params: ctx.params, body, ip: ctx.ip }), { status: 201, headers });
};
export const config = { path: "/api/echo/:id" };
`,
    );
    writeFileSync(join(dir, "functions/boom.ts"), `export default () => { throw new Error("boom"); };\nexport const config = { path: "/api/boom" };\n`);
    server = await createServer({
      root: dir,
      configFile: false,
      logLevel: "silent",
      appType: "custom",
      server: { port: 0, host: "127.0.0.1", hmr: false },
      plugins: [
        devFunctions(),
        // What Astro would do with the (possibly rewritten) URL: say which page it renders.
        { name: "page", configureServer: (s) => () => s.middlewares.use((req, res) => res.end(`page ${req.url}`)) },
      ],
    });
    await server.listen();
    base = `http://127.0.0.1:${(server.httpServer!.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers with the function: params, body, status, every cookie", async () => {
    const r = await fetch(`${base}/api/echo/a%20b`, { method: "POST", body: JSON.stringify({ x: 1 }), headers: { "content-type": "application/json" } });
    expect(r.status).toBe(201);
    expect(r.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(await r.json()).toMatchObject({ version: 1, params: { id: "a b" }, body: { x: 1 } });
  });

  it("runs the edited function on the next call (no restart, no half-written bundle)", async () => {
    const file = join(dir, "functions/echo.ts");
    writeFileSync(file, readFileSync(file, "utf8").replace("VERSION: number = 1", "VERSION: number = 2"));
    await expect.poll(async () => (await (await fetch(`${base}/api/echo/x`)).json()).version, { timeout: 10_000 }).toBe(2);
  });

  it("answers 500 in JSON when a function throws, and 404 for an unknown /api path", async () => {
    const r = await fetch(`${base}/api/boom`);
    expect(r.status).toBe(500);
    expect(await r.json()).toEqual({ status: false, message: "Internal error" });
    expect((await fetch(`${base}/api/nope`)).status).toBe(404);
  });

  it("rewrites and redirects from public/_redirects before the page is rendered", async () => {
    expect(await (await fetch(`${base}/things/7?x=1`)).text()).toBe("page /detail?x=1");
    const r = await fetch(`${base}/gone`, { redirect: "manual" });
    expect(r.status).toBe(301);
    expect(r.headers.get("location")).toBe("/detail");
    expect(await (await fetch(`${base}/detail`)).text()).toBe("page /detail");
  });
});

describe("reloads sent by the dev server", () => {
  /** A stand-in for Vite's HMR channel: what it sends, and its connect/disconnect events. */
  function channel() {
    const sent: unknown[] = [];
    const listeners = new Map<string, (() => void)[]>();
    const ws = {
      send: (...args: unknown[]) => void sent.push(args[0]),
      on: (event: string, fn: () => void) => listeners.set(event, [...(listeners.get(event) ?? []), fn]),
    };
    const emit = (event: string) => listeners.get(event)?.forEach((fn) => fn());
    return { ws, sent, emit };
  }

  it("drops a full reload sent while no page is open (Vite would hand it to the first page that opens)", () => {
    const { ws, sent, emit } = channel();
    dropReloadsWithNoPageOpen({ ws, environments: { client: { hot: ws } } });
    ws.send({ type: "full-reload", path: "*" });
    expect(sent).toEqual([]);
    emit("vite:client:connect");
    ws.send({ type: "full-reload", path: "*" });
    expect(sent).toEqual([{ type: "full-reload", path: "*" }]);
    emit("vite:client:disconnect");
    ws.send({ type: "full-reload", path: "*" });
    expect(sent).toHaveLength(1);
  });

  it("still sends errors and updates with no page open (the next page shows the error overlay)", () => {
    const { ws, sent } = channel();
    dropReloadsWithNoPageOpen({ ws });
    ws.send({ type: "error", err: { message: "x" } });
    ws.send("astro:content-changed", {});
    expect(sent).toEqual([{ type: "error", err: { message: "x" } }, "astro:content-changed"]);
  });
});

describe("the packages pre-bundled for the dev server", () => {
  it("are what the islands import, and nothing the server alone uses", () => {
    const deps = clientDependencies(ROOT);
    for (const d of ["react", "react-dom/client", "react/jsx-dev-runtime", "zustand", "zustand/middleware", "chart.js", "keen-slider/react", "web-vitals"]) expect(deps).toContain(d);
    for (const d of ["pg", "zod", "jose", "nodemailer", "@electric-sql/pglite", "astro"]) expect(deps).not.toContain(d);
    expect(deps.some((d) => d.endsWith(".css"))).toBe(false);
  });

  it("skips type-only imports and reads dynamic ones", () => {
    const src = `import type { A } from "a";\nimport { b } from "b";\nimport {\n  c,\n  d,\n} from "c/sub";\nimport "side";\nexport { e } from "e";\nexport type { F } from "f";\nconst g = () => import("g");\n// import x from "commented";\n`;
    expect(importedSpecifiers(src).sort()).toEqual(["b", "c/sub", "e", "g", "side"]);
  });

  it("reads an .astro file's client scripts, not its JSON-LD or inline ones", () => {
    const scripts = astroClientScripts(`---\nimport X from "server-only";\n---\n<script>import "client";</script><script type="application/ld+json">{}</script><script is:inline>import "no";</script>`);
    expect(scripts).toEqual([`import "client";`]);
  });
});

describe("dev and production show the same gallery", () => {
  it("a picture served by Astro's dev image endpoint is a picture", () => {
    expect(isImageSource("/_image?href=%2F%40fs%2Fwork%2Fcontent%2Fimages%2Fpier.jpg%3ForigWidth%3D1600&w=400&f=webp")).toBe(true);
    expect(isImageSource("/_image?href=%2Fclip.mp4&f=mp4")).toBe(false);
  });
});
