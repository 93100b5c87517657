/** A failed CRM step. `ambiguous`: the CRM may have done it anyway (timeout, 5xx after a write); `code`: Zoho's (DUPLICATE_DATA…). */
export class CrmError extends Error {
  readonly info: { status?: number; ambiguous?: boolean; retryAfterSeconds?: number; invalidToken?: boolean; code?: string };
  // No constructor parameter properties: scripts (npm run doctor) run this file under Node's type stripping.
  constructor(message: string, info: CrmError["info"] = {}) {
    super(message);
    this.name = "CrmError";
    this.info = info;
  }
}

export function describe(e: unknown): string {
  if (e instanceof Error) return `${e.name}: ${e.message}`.slice(0, 500);
  return String(e).slice(0, 500);
}
