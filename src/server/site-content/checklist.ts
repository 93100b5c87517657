/**
 * The launch checklist: every value the live site still shows from the seed's sample data, so
 * nothing fake goes live unnoticed. The back office lists it (Hebrew); a production build prints it
 * as warnings (English). What is sample: the fields content/samples.json names while they still hold
 * the seed's value, the reviews and projects marked "sample", the pictures of content/images
 * (renderings, not photos of jobs), the demo accounts, and the service area's ZIP codes the office
 * has not confirmed yet (the visit settings' sample ZIPs, issue 35).
 */
import { isDeepStrictEqual } from "node:util";
import type { Queryable } from "../db/index.ts";
import { IMAGE_URL_PREFIX } from "../images/store.ts";
import type { SiteDoc } from "./schemas.ts";
import type { ChecklistItem } from "./checklist-item.ts";
import { priceRulesDocument, sampleParts } from "../estimate/rules.ts";
import { PROJECT_HE, type ProjectId } from "../../lib/contracts/estimate.ts";
import { imageRefs } from "./store.ts";
import { visitSettings } from "../visits/settings.ts";
import { priceSpanishItems, productSpanishItems, spanishChecklist } from "./spanish.ts";

export type { ChecklistItem };

export interface Samples {
  doc: SiteDoc;
  fields: string[];
  imageKeys: string[];
}

/** The demo accounts `npm run dev` and previews create (src/server/users/seed.ts). */
export const DEMO_ACCOUNT_EMAILS = ["admin@example.com", "user@example.com"];

const FIELD_NAMES_HE: Record<string, string> = {
  "site.phone": "מספר הטלפון",
  "site.email": "כתובת הדוא״ל",
  "site.address": "הכתובת",
  "site.geo": "המיקום במפה (קו רוחב ואורך)",
  "site.social.facebook": "הקישור לפייסבוק",
  "site.social.instagram": "הקישור לאינסטגרם",
  "site.stats.projects": "מספר הפרויקטים",
  "site.stats.years": "שנות הניסיון",
  "site.proof.licenses": "מספרי הרישיונות",
  "site.proof.insurance": "פרטי הביטוח",
  "site.proof.founded": "שנת הייסוד",
  "site.proof.warranty": "האחריות",
  "site.proof.rating": "הדירוג ומקורו",
};

const at = (doc: unknown, path: string): unknown =>
  path.split(".").reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), doc);

const shown = (v: unknown) => (typeof v === "string" ? `"${v}"` : JSON.stringify(v));

/** The service area's ZIP codes still labelled sample: one item naming them all (the calendar tab's settings confirm them). */
export function sampleZipItems(sampleZips: string[]): ChecklistItem[] {
  if (!sampleZips.length) return [];
  const list = sampleZips.join(", ");
  return [
    {
      section: "visits",
      field: "visits.zips",
      he: `אזור השירות לביקורים: ${sampleZips.length} מיקודים עדיין לדוגמה עד שהמשרד יאשר אותם: ${list}`,
      en: `${sampleZips.length} service-area ZIP code(s) for site visits are still sample values until the office confirms them: ${list}`,
    },
  ];
}

/** The estimator's price rules still the seed's samples (issue 36): each project's prices, and the permit rules, until the office confirms them. */
export function samplePriceItems(parts: string[]): ChecklistItem[] {
  return parts.map((part) =>
    part === "permits"
      ? { section: "prices", field: "prices.permits", he: "כללי ההיתרים והזמנים במחשבון: עדיין לדוגמה עד שהמשרד יאשר אותם", en: "estimator: the permit rules and their weeks are still the seed's samples until the office confirms them" }
      : {
          section: "prices",
          field: `prices.${part}`,
          he: `מחירי המחשבון ל${PROJECT_HE[part as ProjectId] ?? part}: עדיין טווחים ציבוריים לדוגמה, לא המחירים שלכם`,
          en: `estimator: the ${part} prices are still the sample public ranges until the office confirms them`,
        },
  );
}

export function launchChecklist(doc: SiteDoc, samples: Samples | null, demoAccounts: string[] = [], sampleZips: string[] = [], samplePrices: string[] = []): ChecklistItem[] {
  const items: ChecklistItem[] = [];
  for (const field of samples?.fields ?? []) {
    const value = at(doc, field);
    if (value === undefined || !isDeepStrictEqual(value, at(samples!.doc, field))) continue;
    items.push({
      section: field.split(".")[0]!,
      field,
      he: `${FIELD_NAMES_HE[field] ?? field}: עדיין ערך לדוגמה`,
      en: `${field} is still the sample value ${shown(value)}`,
    });
  }
  doc.reviews.forEach((r, i) => {
    if (r.sample) items.push({ section: "reviews", field: `reviews.${i}`, he: `ביקורת לדוגמה (לא של לקוח אמיתי): ${r.name}`, en: `review "${r.name}" is a sample review` });
  });
  doc.gallery.forEach((g, i) => {
    if (g.sample) items.push({ section: "gallery", field: `gallery.${i}`, he: `פרויקט לדוגמה: ${g.title}`, en: `gallery project "${g.title}" is a sample project` });
  });
  // Issue 39: the about page's made-up team and the services' sample answers.
  doc.about.team.forEach((p, i) => {
    if (p.sample) items.push({ section: "about", field: `about.team.${i}`, he: `איש צוות לדוגמה (אדם בדוי, דיוקן מצויר): ${p.name}`, en: `team member "${p.name}" is a sample person` });
  });
  doc.services.forEach((sv, i) => {
    if (sv.answersSample) items.push({ section: "services", field: `services.${i}.answersSample`, he: `תשובות לדוגמה (היתרים, אורך חיים, מה משפיע על המחיר): ${sv.title}`, en: `service "${sv.title}" shows sample answers` });
  });
  const seedKeys = new Set(samples?.imageKeys ?? []);
  for (const ref of imageRefs(doc)) {
    if (!seedKeys.has(ref.key)) continue;
    items.push({ section: ref.path.split(".")[0]!, field: ref.path, he: "תמונה לדוגמה (הדמיה, לא צילום של עבודה)", en: `${ref.path} is a sample picture (a rendering): ${IMAGE_URL_PREFIX}${ref.key}`, later: true });
  }
  for (const email of demoAccounts) items.push({ section: "accounts", field: `accounts.${email}`, he: `חשבון הדגמה פעיל: ${email}`, en: `demo account ${email} exists` });
  items.push(...sampleZipItems(sampleZips));
  items.push(...samplePriceItems(samplePrices));
  // The Spanish site (issue 37): texts with no Spanish yet, and the seed's sample translation.
  items.push(...spanishChecklist(doc));
  return items;
}

/**
 * The checklist's progress (issue 39): what the seed's content asked for that the draft no longer
 * needs. Counted against the seed's own list (its sample fields, reviews, projects, pictures and
 * Spanish); items that came later (a new entry without its Spanish, the accounts, ZIP codes and
 * prices) count while they are open.
 */
export async function doneSinceSeed(q: Queryable, open: ChecklistItem[]): Promise<ChecklistItem[]> {
  const s = await q.query<{ doc: SiteDoc; fields: string[]; image_keys: string[] }>("SELECT doc, fields, image_keys FROM site_content_samples WHERE id = 'site'");
  const row = s.rows[0];
  if (!row) return [];
  const still = new Set(open.map((i) => i.field));
  return launchChecklist(row.doc, { doc: row.doc, fields: row.fields, imageKeys: row.image_keys }).filter((i) => !still.has(i.field));
}

/** Reads what the checklist needs from the database and answers the list. */
export async function readLaunchChecklist(q: Queryable, doc: SiteDoc): Promise<ChecklistItem[]> {
  const s = await q.query<{ doc: SiteDoc; fields: string[]; image_keys: string[] }>("SELECT doc, fields, image_keys FROM site_content_samples WHERE id = 'site'");
  const demo = await q.query<{ email: string }>("SELECT email FROM users WHERE lower(email) = ANY($1::text[]) ORDER BY email", [DEMO_ACCOUNT_EMAILS]);
  const samples = s.rows[0] ? { doc: s.rows[0].doc, fields: s.rows[0].fields, imageKeys: s.rows[0].image_keys } : null;
  const { sampleZips } = await visitSettings(q);
  const rules = await priceRulesDocument.live(q);
  return [...launchChecklist(doc, samples, demo.rows.map((r) => r.email), sampleZips, rules ? sampleParts(rules.doc) : []), ...(rules ? priceSpanishItems(rules.doc) : []), ...(await productSpanishItems(q))];
}
