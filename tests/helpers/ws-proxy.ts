/**
 * A WebSocket-to-TCP proxy on loopback, speaking what Neon's own proxy speaks to
 * `@neondatabase/serverless` (issue 32, decision 16): the driver opens
 * `ws://127.0.0.1:PORT/v1?address=HOST:PORT` and sends the Postgres wire protocol in binary
 * messages; each becomes bytes on a TCP connection to the database, and back. So the production
 * driver runs against a real PostgreSQL server here, without Neon.
 *
 * Only loopback databases may be reached (no traffic leaves the machine). `dropAll()` cuts every
 * open connection at once, as a network failure or Neon's proxy restarting would.
 */
import { connect, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { WebSocketServer, type WebSocket } from "ws";

export interface WsProxy {
  port: number;
  /** Connections opened through the proxy since it started. */
  opened: number;
  /** Cuts every open connection (both sides), as a dropped network would. */
  dropAll(): void;
  close(): Promise<void>;
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

export async function startWsProxy(): Promise<WsProxy> {
  const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  const pairs = new Set<{ ws: WebSocket; tcp: Socket }>();
  const proxy: WsProxy = {
    port: 0,
    opened: 0,
    dropAll() {
      for (const { ws, tcp } of pairs) {
        tcp.destroy();
        ws.terminate();
      }
      pairs.clear();
    },
    close: () =>
      new Promise((done) => {
        proxy.dropAll();
        wss.close(() => done());
      }),
  };
  wss.on("connection", (ws, req) => {
    const address = new URL(req.url ?? "/", "http://proxy").searchParams.get("address") ?? "";
    const at = address.lastIndexOf(":");
    const host = address.slice(0, at);
    const port = Number(address.slice(at + 1));
    if (!LOOPBACK.has(host) || !Number.isInteger(port) || port <= 0) {
      ws.close(1008, "only loopback databases");
      return;
    }
    proxy.opened++;
    const tcp = connect(port, host.replace(/^\[|\]$/g, ""));
    const pair = { ws, tcp };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      tcp.destroy();
      if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close();
    };
    ws.on("message", (data: Buffer | ArrayBuffer | Buffer[]) => {
      tcp.write(Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer));
    });
    tcp.on("data", (chunk) => {
      if (ws.readyState === ws.OPEN) ws.send(chunk, { binary: true });
    });
    ws.on("close", end);
    ws.on("error", end);
    tcp.on("close", end);
    tcp.on("error", end);
  });
  await new Promise<void>((ok) => (wss.address() ? ok() : wss.once("listening", () => ok())));
  proxy.port = (wss.address() as AddressInfo).port;
  return proxy;
}

/**
 * Points `@neondatabase/serverless` at the proxy: plain ws:// on loopback, no TLS inside the
 * Postgres protocol (the server here has none), no pipelined start-up (trust auth sends no password).
 */
export async function useNeonThrough(proxyPort: number): Promise<void> {
  const { neonConfig } = await import("@neondatabase/serverless");
  const { default: WebSocket } = await import("ws");
  neonConfig.webSocketConstructor = WebSocket as never;
  neonConfig.wsProxy = (host, port) => `127.0.0.1:${proxyPort}/v1?address=${host}:${port}`;
  neonConfig.useSecureWebSocket = false;
  neonConfig.forceDisablePgSSL = true;
  neonConfig.pipelineTLS = false;
  neonConfig.pipelineConnect = false;
}
