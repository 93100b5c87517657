/**
 * Vitest global setup for the PGlite pass: migrates one embedded database and saves its data
 * folder, so each test file's database starts from that copy (about 1 s) instead of running
 * PGlite's initdb and every migration again (about 3.5 s on two busy cores, for each of the ~25
 * API files). The migrations themselves still run, here, on a fresh database, every run;
 * useTestDb (tests/helpers/db.ts) migrates its copy again, which finds nothing to do.
 */
import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** Path of a tarball of a migrated PGlite data folder (PGlite's dumpDataDir). */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  process.env.LOG_SILENT = "1";
  const { fromPglite, openPglite } = await import("../../src/server/db/index.ts");
  const { migrate } = await import("../../src/server/db/migrate.ts");
  const pg = await openPglite("memory");
  await migrate(fromPglite(pg));
  const dump = await pg.dumpDataDir("none");
  await pg.close();
  const file = join(tmpdir(), `pglite-template-${process.pid}-${Date.now()}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return () => rmSync(file, { force: true });
}
