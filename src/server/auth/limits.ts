import type { Limit } from "../rate-limit/index.ts";
import { strictDeploy } from "../settings/context.ts";

/**
 * A request cap as configured, or multiplied by AUTH_RATE_LIMIT_FACTOR outside production: the
 * browser suites sign the demo accounts in from one IP many times a minute. Production ignores it.
 */
export function scaled(limit: Limit, env: NodeJS.ProcessEnv = process.env): Limit {
  const factor = Number(env.AUTH_RATE_LIMIT_FACTOR);
  if (strictDeploy(env) || !Number.isFinite(factor) || factor <= 1) return limit;
  return { ...limit, max: Math.ceil(limit.max * factor) };
}
