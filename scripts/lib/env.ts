import { existsSync } from "node:fs";

/** Loads `.env` into process.env (values already set win), as Netlify does for local runs. */
export function loadDotEnv(path = ".env"): void {
  if (existsSync(path)) process.loadEnvFile(path);
}
