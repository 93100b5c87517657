import { z } from "zod";
import type { Queryable } from "../db/index.ts";
import { readPublishedPart } from "./read.ts";

/** One service of the catalogue in content/services.json (spec §3, plus slug, options, description). */
export const serviceSchema = z.looseObject({
  id: z.number().int().nonnegative(),
  slug: z.string().min(1),
  path: z.string().min(1),
  name: z.string().min(1),
  title: z.string().min(1),
  subtitle: z.string().optional(),
  seoTitle: z.string().optional(),
  seoDescription: z.string().optional(),
  description: z.string().optional(),
  image: z.string().optional(),
  options: z.array(z.string()).optional(),
});
export type Service = z.infer<typeof serviceSchema>;

/** The file is either a list of services or `{ services: [...] }`. */
const fileSchema = z.union([z.array(serviceSchema), z.object({ services: z.array(serviceSchema) }).transform((f) => f.services)]);

/** The service catalogue as published (`q`: the database to read it from), or null when it does not fit the schema. */
export async function loadServices(q?: Queryable): Promise<Service[] | null> {
  const parsed = fileSchema.safeParse(await readPublishedPart("services", q));
  return parsed.success ? parsed.data : null;
}
