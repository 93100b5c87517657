/**
 * The Spanish site's part of the launch checklist (issue 37, decision 20): every text of the
 * content with no Spanish yet (the Spanish page shows it in English, marked lang="en"), each
 * section's entries whose Spanish is still the seed's sample translation, and the products with
 * no Spanish name, description or color. Nothing is ever translated by a machine: the office
 * writes the Spanish beside the English, in the Site section and the product editor.
 */
import type { Queryable } from "../db/index.ts";
import { TRANSLATABLE, missingSpanish, type Spanish } from "../../lib/contracts/translations.ts";
import type { ChecklistItem } from "./checklist-item.ts";
import type { SiteDoc } from "./schemas.ts";
import { WATERWAY_HE, WATERWAYS, type PriceRules } from "../../lib/contracts/estimate.ts";

type Entry = { es?: Spanish; esSample?: boolean } & Record<string, unknown>;

/** The parts of the document the office edits, with what names an entry on the list. */
const PARTS = [
  { section: "site", kind: "site", he: "פרטי החברה", en: "the company's details", name: () => "" },
  { section: "about", kind: "about", he: "עמוד האודות", en: "the about page", name: () => "" },
  { section: "services", kind: "services", he: "שירותים", en: "services", name: (e: Entry) => String(e.title) },
  { section: "reviews", kind: "reviews", he: "ביקורות", en: "reviews", name: (e: Entry) => String(e.name) },
  { section: "gallery", kind: "gallery", he: "פרויקטים", en: "projects", name: (e: Entry) => String(e.title) },
  { section: "legal", kind: "legal", he: "מסמכים משפטיים", en: "legal pages", name: (e: Entry) => String(e.title) },
] as const;

const count = (n: number, he: [string, string], en: [string, string]) => ({ he: n === 1 ? he[0] : `${n} ${he[1]}`, en: n === 1 ? en[0] : `${n} ${en[1]}` });

/** What the document's Spanish still lacks, and what is still the sample translation. */
export function spanishChecklist(doc: SiteDoc): ChecklistItem[] {
  const items: ChecklistItem[] = [];
  for (const part of PARTS) {
    const value = doc[part.section] as Entry | Entry[];
    const entries = Array.isArray(value) ? value.map((e, i) => ({ e, at: `${part.section}.${i}` })) : [{ e: value, at: part.section }];
    const samples: { name: string; at: string }[] = [];
    for (const { e, at } of entries) {
      const missing = missingSpanish(e, e.es, TRANSLATABLE[part.kind]);
      const name = part.name(e as never);
      if (missing.length) {
        const n = count(missing.length, ["טקסט אחד", "טקסטים"], ["1 text", "texts"]);
        items.push({
          section: part.section,
          field: `${at}.es.${missing[0]}`,
          he: `חסר תרגום לספרדית: ${n.he} (העמוד בספרדית מציג אותם באנגלית)`,
          later: true,
          en: `${at}${name ? ` ("${name}")` : ""} has no Spanish for ${n.en} (${missing.join(", ")}); the Spanish page shows the English`,
        });
      }
      if (e.esSample) samples.push({ name: name || part.en, at });
    }
    // One line a section (the seed marks every entry): it opens the first entry's box to untick.
    if (samples.length) {
      const names = samples.map((s) => s.name).join(", ");
      items.push({
        section: part.section,
        field: `${samples[0].at}.esSample`,
        he: `תרגום לספרדית לדוגמה, עדיין לא נבדק על ידי המשרד (${samples.length}): ${names}`,
        later: true,
        en: `the Spanish of ${samples.length} ${part.en} entr${samples.length === 1 ? "y" : "ies"} is the seed's sample translation, not yet checked by the office: ${names}`,
      });
    }
  }
  return items;
}

/** The products whose name, description or color has no Spanish (the Spanish page shows the English). */
export async function productSpanishItems(q: Queryable): Promise<ChecklistItem[]> {
  const r = await q.query<{ id: string; name: string; description: string; color: string; es: Spanish }>("SELECT id, name, description, color, es FROM products ORDER BY name, id");
  return r.rows.flatMap((p) => {
    const missing = missingSpanish(p, p.es, TRANSLATABLE.products);
    if (!missing.length) return [];
    return [
      {
        section: "products",
        field: `products.${p.id}`,
        he: `מוצר בלי תרגום לספרדית (${missing.length}): ${p.name}`,
        later: true,
        en: `product "${p.name}" (${p.id}) has no Spanish for ${missing.join(", ")}; the Spanish page shows the English`,
      },
    ];
  });
}

/**
 * The estimator's office-written texts with no Spanish (issue 37): each permit's name and note and
 * each waterway's note. /es/estimate shows the English there, marked lang="en". One item for each
 * (the price list's tab, where the office writes them).
 */
export function priceSpanishItems(rules: PriceRules): ChecklistItem[] {
  const permits = rules.permits.filter((p) => (p.name && !p.es?.name?.trim()) || (p.note && !p.es?.note?.trim())).map((p) => p.name);
  const waterways = WATERWAYS.filter((w) => rules.waterways[w].note && !rules.waterways[w].es?.note?.trim());
  const items: ChecklistItem[] = [];
  if (permits.length)
    items.push({
      section: "prices",
      field: "prices.permits.es",
      he: `היתרים במחשבון בלי תרגום לספרדית (${permits.length}): ${permits.join(", ")}`,
      later: true,
      en: `estimator: ${permits.length} permit(s) have no Spanish name or note; /es/estimate shows the English: ${permits.join(", ")}`,
    });
  if (waterways.length)
    items.push({
      section: "prices",
      field: "prices.waterways.es",
      he: `הערות על נתיבי מים במחשבון בלי תרגום לספרדית: ${waterways.map((w) => WATERWAY_HE[w]).join(", ")}`,
      later: true,
      en: `estimator: the note of ${waterways.join(", ")} has no Spanish; /es/estimate shows the English`,
    });
  return items;
}
