/**
 * Vitest global setup for the Neon pass (issue 32): one WebSocket-to-TCP proxy on loopback for
 * every test file, so the SQL-dialect API files run through `@neondatabase/serverless`, the
 * driver production uses, against the PostgreSQL server at TEST_DATABASE_URL.
 */
import type { TestProject } from "vitest/node";
import { startWsProxy } from "./ws-proxy.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The port of the WebSocket proxy Neon's driver connects through. */
    wsProxyPort: number;
  }
}

export default async function setup(project: TestProject) {
  const proxy = await startWsProxy();
  project.provide("wsProxyPort", proxy.port);
  return () => proxy.close();
}
