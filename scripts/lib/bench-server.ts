/**
 * The benchmarks' stand-in for Netlify's runtime: functions behind a loopback HTTP server, each
 * request handed to `handle` as a web Request with Netlify's context (the caller's IP from the
 * `ipHeader` request header, a request id, and waitUntil, whose work is kept in `background` so a
 * benchmark can wait for it). The Response `handle` gives is written back whole: status, headers
 * (Set-Cookie included) and body.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface BenchContext {
  ip: string;
  requestId: string;
  waitUntil(work: Promise<unknown>): void;
}

export interface Loopback {
  base: string;
  background: Promise<unknown>[];
  close(): void;
}

export async function loopbackFunctions(handle: (req: Request, ctx: BenchContext, url: string) => Promise<Response>, ipHeader = "x-bench-ip"): Promise<Loopback> {
  const background: Promise<unknown>[] = [];
  const server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const request = new Request(`http://127.0.0.1${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: req.method === "GET" || req.method === "HEAD" ? undefined : Buffer.concat(chunks),
    });
    const ctx: BenchContext = { ip: String(req.headers[ipHeader] ?? "127.0.0.1"), requestId: crypto.randomUUID(), waitUntil: (p) => void background.push(p) };
    const answer = await handle(request, ctx, req.url ?? "/");
    const headers: Record<string, string | string[]> = {};
    answer.headers.forEach((value, name) => {
      if (name !== "set-cookie") headers[name] = value;
    });
    if (answer.headers.getSetCookie().length) headers["set-cookie"] = answer.headers.getSetCookie();
    res.writeHead(answer.status, headers);
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, background, close: () => server.close() };
}
