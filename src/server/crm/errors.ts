/** A failed CRM step. `ambiguous`: the CRM may have done it anyway (timeout, 5xx after a write); `code`: Zoho's (DUPLICATE_DATA…). */
export class CrmError extends Error {
  constructor(
    message: string,
    readonly info: { status?: number; ambiguous?: boolean; retryAfterSeconds?: number; invalidToken?: boolean; code?: string } = {},
  ) {
    super(message);
    this.name = "CrmError";
  }
}

export function describe(e: unknown): string {
  if (e instanceof Error) return `${e.name}: ${e.message}`.slice(0, 500);
  return String(e).slice(0, 500);
}
