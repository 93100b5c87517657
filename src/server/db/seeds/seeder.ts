import type { Db } from "../index.ts";

/** A feature's demo content for a fresh local database: idempotent, says what it did (or null). */
export interface Seeder {
  name: string;
  run(db: Db): Promise<string | null>;
}
