/**
 * The launch checklist: every value the live site still shows from the seed's sample data, so
 * nothing fake goes live unnoticed. The back office lists it (Hebrew); a production build prints it
 * as warnings (English). What is sample: the fields content/samples.json names while they still hold
 * the seed's value, the reviews and projects marked "sample", the pictures of content/images
 * (renderings, not photos of jobs), and the demo accounts.
 */
import { isDeepStrictEqual } from "node:util";
import type { Queryable } from "../db/index.ts";
import { IMAGE_URL_PREFIX } from "../images/store.ts";
import type { SiteDoc } from "./schemas.ts";
import { imageRefs } from "./store.ts";

export interface ChecklistItem {
  /** The back office section that holds it ("site", "reviews", …, or "accounts"). */
  section: string;
  /** Where in the document ("site.phone", "reviews.2", "gallery.0.photos.1.image"). */
  field: string;
  /** For the office. */
  he: string;
  /** For the build log. */
  en: string;
}

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

export function launchChecklist(doc: SiteDoc, samples: Samples | null, demoAccounts: string[] = []): ChecklistItem[] {
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
  const seedKeys = new Set(samples?.imageKeys ?? []);
  for (const ref of imageRefs(doc)) {
    if (!seedKeys.has(ref.key)) continue;
    items.push({ section: ref.path.split(".")[0]!, field: ref.path, he: "תמונה לדוגמה (הדמיה, לא צילום של עבודה)", en: `${ref.path} is a sample picture (a rendering): ${IMAGE_URL_PREFIX}${ref.key}` });
  }
  for (const email of demoAccounts) items.push({ section: "accounts", field: `accounts.${email}`, he: `חשבון הדגמה פעיל: ${email}`, en: `demo account ${email} exists` });
  return items;
}

/** Reads what the checklist needs from the database and answers the list. */
export async function readLaunchChecklist(q: Queryable, doc: SiteDoc): Promise<ChecklistItem[]> {
  const s = await q.query<{ doc: SiteDoc; fields: string[]; image_keys: string[] }>("SELECT doc, fields, image_keys FROM site_content_samples WHERE id = 'site'");
  const demo = await q.query<{ email: string }>("SELECT email FROM users WHERE lower(email) = ANY($1::text[]) ORDER BY email", [DEMO_ACCOUNT_EMAILS]);
  const samples = s.rows[0] ? { doc: s.rows[0].doc, fields: s.rows[0].fields, imageKeys: s.rows[0].image_keys } : null;
  return launchChecklist(doc, samples, demo.rows.map((r) => r.email));
}
