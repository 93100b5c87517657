/**
 * The office's price rules as the back office saves them and the server publishes them (issue 36):
 * every project's kinds and materials exactly as the estimator asks them (contracts/estimate.ts),
 * and the checks that keep the estimator's promises for any numbers the office types: prices ≥ 0,
 * each low ≤ its high, barge and salt factors ≥ 1 (barge never cheaper than land). A refusal names
 * the field ("projects.seawall.kinds.new.unit.high").
 */
import { z } from "zod";
import { MAX_FACTOR, MAX_PERMITS, MAX_PRICE, MAX_WEEKS, PROJECT_INFO, PROJECTS, WATERWAYS, type PriceRules, type ProjectId } from "./contracts/estimate.ts";
import { hasControlChars } from "./text.ts";


const dollars = z.number({ error: "must be a number" }).min(0, "cannot be negative").max(MAX_PRICE, `must be at most ${MAX_PRICE.toLocaleString("en-US")}`);

const range = (value: z.ZodNumber) =>
  z
    .object({ low: value, high: value })
    .strict()
    .refine((r) => r.low <= r.high, { message: "the low end must not be above the high end", path: ["high"] });

const money = range(dollars);
/** A factor: 1 is the base price. Material factors may be below 1 (a cheaper material). */
const factor = range(z.number({ error: "must be a number" }).min(0.1, "must be at least 0.1").max(MAX_FACTOR, `must be at most ${MAX_FACTOR}`));
/** Barge and salt only ever add: at least 1 (the estimator promises barge ≥ land). */
const addingFactor = range(z.number({ error: "must be a number" }).min(1, "must be at least 1 (it can only add to the price)").max(MAX_FACTOR, `must be at most ${MAX_FACTOR}`));

const text = (max: number, min = 0) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine((s) => s.isWellFormed() && !hasControlChars(s) && !/[\r\n]/.test(s), "must be one line of plain text")
    .refine((s) => !/<[a-z!/]/i.test(s), "must be plain text (no HTML)")
    .transform((s) => s.trim())
    .refine((s) => s.length >= min, "is required");

const byIds = <K extends string, S extends z.ZodType>(ids: readonly K[], schema: S) => z.object(Object.fromEntries(ids.map((id) => [id, schema])) as Record<K, S>).strict();

const projectSchema = (id: ProjectId) => {
  const info = PROJECT_INFO[id];
  return z
    .object({
      sample: z.boolean(),
      kinds: byIds(
        info.kinds.map((k) => k.id),
        z.object({ base: money, unit: money }).strict(),
      ),
      materials: byIds(
        info.materials.map((m) => m.id),
        factor,
      ),
      barge: addingFactor,
      salt: addingFactor,
      minimum: money,
    })
    .strict();
};

const waterwayList = z.array(z.enum(WATERWAYS)).max(WATERWAYS.length).refine((l) => new Set(l).size === l.length, "names a waterway twice");

const permitSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]{1,30}$/, "must be 1 to 30 lowercase letters, digits or dashes"),
    name: text(120, 1),
    agency: text(120, 1),
    note: text(300),
    weeks: z
      .object({ min: z.number().int("must be whole weeks").min(0, "cannot be negative").max(MAX_WEEKS), max: z.number().int("must be whole weeks").min(0, "cannot be negative").max(MAX_WEEKS, `must be at most ${MAX_WEEKS}`) })
      .strict()
      .refine((w) => w.min <= w.max, { message: "the shortest time must not be above the longest", path: ["max"] }),
    applies: byIds(PROJECTS, waterwayList),
    exemptions: z
      .object({
        dockUpToSqFt: z.number().int().min(1).max(100_000).nullable(),
        seawallWithinInches: z.number().int().min(1).max(1000).nullable(),
      })
      .strict(),
    // The office's Spanish (issue 37): optional, each as long as its English may be.
    es: z.object({ name: text(120), note: text(300) }).partial().strict().optional(),
  })
  .strict();

export const priceRulesSchema: z.ZodType<PriceRules> = z
  .object({
    projects: z.object(Object.fromEntries(PROJECTS.map((p) => [p, projectSchema(p)])) as Record<ProjectId, ReturnType<typeof projectSchema>>).strict(),
    waterways: byIds(WATERWAYS, z.object({ manMade: z.boolean(), note: text(300), es: z.object({ note: text(300) }).partial().strict().optional() }).strict()),
    permits: z
      .array(permitSchema)
      .max(MAX_PERMITS, `at most ${MAX_PERMITS} permits`)
      .superRefine((list, ctx) => {
        const seen = new Set<string>();
        list.forEach((p, i) => {
          if (seen.has(p.id)) ctx.addIssue({ code: "custom", path: [i, "id"], message: `"${p.id}" is used twice` });
          seen.add(p.id);
        });
      }),
    permitsSample: z.boolean(),
  })
  .strict();
