import { z } from "zod";
import { readContentJson } from "./read.ts";

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

/** The service catalogue, or null when the file is missing or does not fit the schema. */
export async function loadServices(dir?: string): Promise<Service[] | null> {
  const parsed = fileSchema.safeParse(await readContentJson("services.json", dir));
  return parsed.success ? parsed.data : null;
}
