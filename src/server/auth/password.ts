/**
 * Password hashing with scrypt (node:crypto), OWASP parameters: N = 2^17, r = 8, p = 1, 16-byte
 * salt, 32-byte key. The stored string carries its parameters, so verification keeps working when
 * the cost rises and `needsRehash` tells the log-in flow to upgrade an old hash.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { hashQueue } from "./hash-queue.ts";

export interface ScryptParams {
  logN: number;
  r: number;
  p: number;
}

export const PRODUCTION_PARAMS: ScryptParams = { logN: 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
// Refuse hashes whose cost would exhaust memory (a tampered row must not take the server down).
const MAX_LOG_N = 20;

/**
 * The cost for new hashes. Only the test runner may lower it (SCRYPT_LOG_N, never below 10) so the
 * suites stay fast; everywhere else it is the OWASP value.
 */
export function currentParams(env: NodeJS.ProcessEnv = process.env): ScryptParams {
  const wanted = Number(env.SCRYPT_LOG_N);
  if (env.NODE_ENV === "test" && Number.isInteger(wanted) && wanted >= 10 && wanted < PRODUCTION_PARAMS.logN) {
    return { ...PRODUCTION_PARAMS, logN: wanted };
  }
  return PRODUCTION_PARAMS;
}

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const N = 2 ** params.logN;
  // scrypt needs 128·N·r bytes; maxmem leaves headroom above that.
  const options: ScryptOptions = { N, r: params.r, p: params.p, maxmem: 256 * N * params.r };
  // Through the bounded queue: a flood of log-ins gets 429s, the rest of the server keeps answering.
  return hashQueue.run(
    () =>
      new Promise((resolve, reject) =>
        scryptCb(password.normalize("NFC"), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );
}

/** `scrypt$<logN>$<r>$<p>$<salt b64>$<key b64>` */
export async function hashPassword(password: string, params = currentParams()): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, params);
  return ["scrypt", params.logN, params.r, params.p, salt.toString("base64"), key.toString("base64")].join("$");
}

function parse(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [logN, r, p] = parts.slice(1, 4).map(Number);
  if (![logN, r, p].every(Number.isInteger) || logN < 10 || logN > MAX_LOG_N || r < 1 || r > 32 || p < 1 || p > 16) return null;
  const salt = Buffer.from(parts[4], "base64");
  const key = Buffer.from(parts[5], "base64");
  if (salt.length < 8 || key.length !== KEY_LENGTH) return null;
  return { params: { logN, r, p }, salt, key };
}

/** True when `password` matches the stored hash; comparison in constant time. */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = stored ? parse(stored) : null;
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return timingSafeEqual(key, parsed.key);
}

/** True when the stored hash is weaker than what new hashes use. */
export function needsRehash(stored: string, params = currentParams()): boolean {
  const parsed = parse(stored);
  if (!parsed) return true;
  return parsed.params.logN < params.logN || parsed.params.r < params.r || parsed.params.p < params.p;
}

// A hash of random bytes at the production cost, so a cold function instance pays one scrypt, not two.
const DUMMY_HASH = "scrypt$17$8$1$/MdJ/NzkKZqV4niCpnuSkg==$3V5483GbX+cAGnXlCQUlfPqy5d152SMIZTX98q7w0P8=";
let dummy: Promise<string> | undefined;
/**
 * Spends the same time as a real check, for an unknown e-mail or an account without a password,
 * so the answer time does not tell whether an account exists.
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  const params = currentParams();
  dummy ??= params.logN === PRODUCTION_PARAMS.logN ? Promise.resolve(DUMMY_HASH) : hashPassword("timing-equaliser", params);
  await verifyPassword(password, await dummy);
  return false;
}
