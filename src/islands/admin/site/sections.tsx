/**
 * The Site section's forms as data: which fields of each part of the document the office edits, in
 * what order, with Hebrew labels and the schemas' limits (src/content-schemas.ts). Fields not
 * listed (the badges, "powered by", a service's address) are kept as they are.
 */
import type { ReactNode } from "react";
import type { ListSpec, Spec } from "./spec.ts";
import { t } from "./strings.ts";

const ltr = (s: string): ReactNode => <bdi dir="ltr">{s}</bdi>;
const eg = (s: string): ReactNode => <>למשל {ltr(s)}</>;

const today = () => new Date().toISOString().slice(0, 10);
/** An id the site links to; a new item's is random (its title may still change). */
const newId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
const field = (key: string) => (item: unknown) => String((item as Record<string, unknown> | null)?.[key] ?? "");

const text = (key: string, label: string, more: Partial<Extract<Spec, { kind: "text" }>> = {}): Spec => ({ kind: "text", key, label, ...more });
const num = (key: string, label: string, more: Partial<Extract<Spec, { kind: "number" }>> = {}): Spec => ({ kind: "number", key, label, ...more });
const url = (key: string, label: string, optional = false): Spec => text(key, label, { input: "url", hint: eg("https://www.facebook.com/…"), optional });
const strings = (key: string, label: string, itemLabel: string, more: Partial<ListSpec> = {}): Spec => ({
  kind: "list",
  key,
  label,
  itemName: itemLabel,
  item: text("", itemLabel),
  newItem: () => "",
  ...more,
});

/** The entry's Spanish is still the seed's sample translation (issue 37): unticked once someone who reads Spanish has checked it. */
const spanishSample: Spec = { kind: "check", key: "esSample", label: t.spanish.sample, hint: t.spanish.sampleHint };
/** An item's marks: its Spanish still the sample translation. */
const spanishBadge = (item: unknown) => ((item as { esSample?: boolean }).esSample ? [t.spanish.badge] : []);

export const companySpec: Spec[] = [
  text("name", "שם החברה"),
  text("shortName", "שם מקוצר", { hint: "בתפריט ובמקומות צרים" }),
  text("tagline", "סלוגן", { rows: 2 }),
  text("phone", "טלפון", { input: "tel", hint: <>במבנה {ltr("(239) 555-0142")}. מופיע בכל עמוד ובכפתור החיוג.</> }),
  text("email", "אימייל", { input: "email" }),
  {
    kind: "group",
    key: "address",
    label: "כתובת",
    fields: [
      text("street", "רחוב ומספר"),
      text("city", "עיר"),
      text("region", "מדינה (שתי אותיות)", { hint: eg("FL") }),
      text("postalCode", "מיקוד (5 ספרות)"),
      text("country", "ארץ (שתי אותיות)", { hint: eg("US") }),
    ],
  },
  {
    kind: "group",
    key: "geo",
    label: "מיקום במפה",
    hint: "קו רוחב וקו אורך של המשרד (ב-Google Maps: קליק ימני על המקום).",
    fields: [num("latitude", "קו רוחב", { step: "any" }), num("longitude", "קו אורך", { step: "any" })],
  },
  {
    kind: "hours",
    key: "hours",
    label: "שעות פעילות",
    hint: "מהן נכתבות שעות הפעילות באתר (באנגלית ובספרדית), מועד ״נחזור אליכם עד…״ אחרי פנייה, וזמן המענה בדוחות.",
  },
  strings("areaServed", "אזורי שירות", "אזור"),
  {
    kind: "group",
    key: "social",
    label: "רשתות חברתיות",
    fields: [url("facebook", "קישור לעמוד הפייסבוק"), url("instagram", "קישור לאינסטגרם")],
  },
  {
    kind: "group",
    key: "stats",
    label: "מספרים בעמוד הבית",
    fields: [
      num("projects", "מספר הפרויקטים", { min: 1 }),
      text("projectsLabel", "מה נבנה", { hint: eg("docks, lifts & seawalls built") }),
      num("years", "שנות ניסיון", { min: 1 }),
      text("weeks", "משך פרויקט טיפוסי (בשבועות)", { hint: eg("8-12") }),
    ],
  },
  {
    kind: "group",
    key: "proof",
    label: "רישיונות, ביטוח ואחריות",
    fields: [
      {
        kind: "list",
        key: "licenses",
        label: "רישיונות",
        itemName: "רישיון",
        summary: field("label"),
        confirmRemove: true,
        item: [
          text("label", "שם הרישיון"),
          text("number", "מספר הרישיון"),
          text("lookup", "קישור לבדיקת הרישיון", {
            input: "url",
            optional: true,
            hint: "ריק: החיפוש של מדינת פלורידה (myfloridalicense.com), שם לקוח בודק רישיון של המדינה. לרישיון של מחוז או עיר: הדף שלהם.",
          }),
        ],
        newItem: () => ({ label: "", number: "" }),
      },
      text("insurance", "ביטוח"),
      num("founded", "שנת ייסוד", { min: 1900, max: 2100 }),
      text("warranty", "אחריות"),
      {
        kind: "group",
        key: "rating",
        label: "דירוג הלקוחות",
        fields: [
          num("value", "ציון (1 עד 5)", { step: 0.1, min: 1, max: 5 }),
          num("count", "מספר הביקורות", { min: 1 }),
          text("source", "מקור הדירוג", { hint: eg("Google") }),
          url("url", "קישור לדף הביקורות"),
        ],
      },
    ],
  },
  {
    kind: "group",
    key: "reply",
    label: "מה קורה אחרי פנייה (מתחת לטפסים)",
    fields: [text("promise", "הבטחת המענה", { rows: 2 }), text("next", "השלב הבא", { rows: 3 })],
  },
  {
    kind: "group",
    key: "catalogue",
    label: "קטלוג המוצרים",
    fields: [text("installation", "מה כולל המחיר (מתחת למחיר של כל מוצר: האם ההתקנה כלולה)", { rows: 2 })],
  },
  spanishSample,
];

const sampleCheck = (what: string): Spec => ({
  kind: "check",
  key: "sample",
  label: `${what} לדוגמה`,
  hint: "מסומן באתר כדוגמה ומופיע ברשימת הבדיקה לפני ההשקה. בטלו את הסימון כשהתוכן אמיתי.",
});

export const reviewsSpec: ListSpec = {
  kind: "list",
  key: "",
  label: "ביקורות",
  hint: "הסדר כאן הוא הסדר באתר. ביקורת חדשה נוספת בראש הרשימה.",
  itemName: "ביקורת",
  addLabel: "הוספת ביקורת",
  collapsible: true,
  confirmRemove: true,
  addAtStart: true,
  summary: field("name"),
  translate: "reviews",
  badges: (r) => [...((r as { sample?: boolean }).sample ? ["לדוגמה"] : []), ...spanishBadge(r)],
  newItem: () => ({ id: newId("review"), name: "", joinDate: today(), reviewDate: today(), rating: 5, shortText: "", reviewText: "", helpfulCount: 0, profileImage: "", source: "Google", sample: false, es: {}, esSample: false }),
  item: [
    text("name", "שם הכותב/ת", { hint: eg("Maria R.") }),
    { kind: "select", key: "rating", label: "דירוג", options: [5, 4, 3, 2, 1].map((n) => ({ value: n, label: `${"★".repeat(n)} (${n})` })) },
    text("reviewDate", "תאריך הביקורת", { input: "date" }),
    text("joinDate", "במקור הביקורות מאז", { input: "date", hint: "התאריך שבו הכותב/ת הצטרף/ה לאתר הביקורות" }),
    text("shortText", "כותרת קצרה", { max: 80 }),
    text("reviewText", "טקסט הביקורת", { rows: 5 }),
    text("source", "מקור", { hint: eg("Google") }),
    url("sourceUrl", "קישור לביקורת", true),
    num("helpfulCount", "מספר הסימונים ״מועיל״", { min: 0 }),
    { kind: "picture", key: "profileImage", label: "תמונת פרופיל" },
    sampleCheck("ביקורת"),
    spanishSample,
  ],
};

export const gallerySpec: ListSpec = {
  kind: "list",
  key: "",
  label: "פרויקטים בגלריה",
  hint: "הסדר כאן הוא הסדר בגלריה. פרויקט חדש נוסף בראש הרשימה.",
  itemName: "פרויקט",
  addLabel: "הוספת פרויקט",
  collapsible: true,
  confirmRemove: true,
  addAtStart: true,
  summary: field("title"),
  translate: "gallery",
  badges: (g) => [...((g as { featured?: boolean }).featured ? ["בעמוד הנחיתה"] : []), ...((g as { sample?: boolean }).sample ? ["לדוגמה"] : []), ...spanishBadge(g)],
  newItem: () => ({ id: newId("project"), title: "", place: "", scope: "", weeks: 1, materials: "", image: "", alt: "", photos: [], service: "", featured: false, sample: false, es: {}, esSample: false }),
  item: [
    text("title", "שם הפרויקט"),
    text("place", "מיקום", { hint: eg("Cape Coral, Gulf access canal") }),
    text("scope", "היקף העבודה", { rows: 2 }),
    text("materials", "חומרים", { rows: 2 }),
    num("weeks", "משך העבודה (בשבועות)", { min: 1 }),
    { kind: "select", key: "service", label: "שירות", options: "services" },
    { kind: "photos", key: "", label: "תמונות" },
    {
      kind: "picture",
      key: "beforeImage",
      alt: "beforeAlt",
      label: "תמונת ״לפני״ (לא חובה)",
      optional: true,
      hint: "המקום לפני העבודה. בעמוד השירות היא מוצגת ליד התמונה הראשית, ״לפני״ ו״אחרי״.",
    },
    { kind: "check", key: "featured", label: "מוצג בעמוד הנחיתה" },
    sampleCheck("פרויקט"),
    spanishSample,
  ],
};

export const servicesSpec: ListSpec = {
  kind: "list",
  key: "",
  label: "שירותים",
  hint: "לכל שירות יש עמוד משלו באתר, לכן אפשר לערוך שירותים אבל לא להוסיף או למחוק.",
  itemName: "שירות",
  fixed: true,
  collapsible: true,
  summary: field("title"),
  translate: "services",
  badges: spanishBadge,
  item: [
    text("name", "שם קצר (בטופס ובתפריטים)"),
    text("title", "כותרת"),
    text("subtitle", "תקציר (כותרת משנה)", { rows: 2 }),
    text("description", "תיאור", { rows: 10, min: 200, hint: "פסקאות מופרדות בשורה ריקה." }),
    text("seoTitle", "כותרת לגוגל (SEO)", { max: 90 }),
    text("seoDescription", "תיאור לגוגל (SEO)", { rows: 3, min: 50, max: 170 }),
    strings("options", "בקשות נפוצות", "בקשה", { fixed: true }),
    { kind: "picture", key: "image", alt: "imageAlt", label: "תמונה" },
    {
      kind: "group",
      key: "answers",
      label: "תשובות לשאלות נפוצות (בעמוד השירות)",
      hint: "תשובה קצרה לכל שאלה, עד 600 תווים. שאלה בלי תשובה לא מוצגת.",
      fields: [
        text("permits", "האם צריך היתר? (Do I need a permit?)", { rows: 3, max: 600, optional: true }),
        text("lifespan", "כמה זמן זה מחזיק? (How long does it last?)", { rows: 3, max: 600, optional: true }),
        text("costs", "ממה המחיר מושפע? (What drives the cost?)", { rows: 3, max: 600, optional: true }),
      ],
    },
    {
      kind: "check",
      key: "answersSample",
      label: "התשובות הן תשובות לדוגמה",
      hint: "מסומנות באתר כ״תשובות לדוגמה״ ומופיעות ברשימת הבדיקה לפני ההשקה. בטלו את הסימון אחרי שבדקתם אותן.",
    },
    spanishSample,
  ],
};

export const aboutSpec: Spec[] = [
  text("headline", "כותרת"),
  text("intro", "פתיח", { rows: 3 }),
  strings("paragraphs", "פסקאות", "פסקה", { item: text("", "פסקה", { rows: 4 }) }),
  {
    kind: "list",
    key: "values",
    label: "הערכים שלנו",
    itemName: "ערך",
    summary: field("title"),
    item: [text("title", "כותרת"), text("text", "טקסט", { rows: 2 })],
    newItem: () => ({ title: "", text: "" }),
  },
  { kind: "picture", key: "photo", alt: "photoAlt", label: "תמונה" },
  {
    kind: "list",
    key: "team",
    label: "הצוות (בעמוד ״אודות״)",
    hint: "הבעלים והצוות: שם, תפקיד, כמה מילים ותמונה. הסדר כאן הוא הסדר באתר.",
    itemName: "איש צוות",
    addLabel: "הוספת איש צוות",
    collapsible: true,
    confirmRemove: true,
    max: 24,
    summary: field("name"),
    badges: (p) => ((p as { sample?: boolean }).sample ? ["לדוגמה"] : []),
    newItem: () => ({ name: "", role: "", bio: "", photo: "", photoAlt: "", sample: false }),
    item: [
      text("name", "שם", { max: 60, hint: eg("Dan Whitaker") }),
      text("role", "תפקיד", { max: 60, hint: eg("Project manager") }),
      text("bio", "כמה מילים", { rows: 3, max: 280 }),
      { kind: "picture", key: "photo", alt: "photoAlt", label: "תמונה" },
      sampleCheck("איש צוות"),
    ],
  },
  spanishSample,
];

export const legalSpec: ListSpec = {
  kind: "list",
  key: "",
  label: "מסמכים משפטיים",
  itemName: "מסמך",
  fixed: true,
  collapsible: true,
  summary: field("title"),
  translate: "legal",
  badges: spanishBadge,
  item: [
    text("title", "כותרת"),
    text("lastUpdated", "תאריך עדכון אחרון", { input: "date" }),
    text("summary", "תקציר", { rows: 2 }),
    {
      kind: "list",
      key: "sections",
      label: "סעיפים",
      itemName: "סעיף",
      summary: field("heading"),
      confirmRemove: true,
      item: [text("heading", "כותרת הסעיף"), text("body", "תוכן הסעיף", { rows: 5 })],
      newItem: () => ({ heading: "", body: "" }),
    },
    {
      kind: "list",
      key: "externalLinks",
      label: "קישורים חיצוניים",
      itemName: "קישור",
      summary: field("label"),
      item: [text("label", "שם הקישור"), url("url", "כתובת")],
      newItem: () => ({ label: "", url: "" }),
    },
    spanishSample,
  ],
};
