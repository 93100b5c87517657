/** The price rules section's Hebrew texts (issue 36). What visitors read stays English (the fields say so). */
import type { ProjectId, WaterwayId } from "../../../lib/contracts/estimate.ts";

export const t = {
  title: "מחירון המחשבון",
  intro: "המספרים שהמחשבון באתר נותן ללקוחות (עמוד /estimate): מחיר ליחידה לכל סוג עבודה, מקדמים לחומר, לגישה בדוברה ולמים מלוחים, מחיר מינימום, וההיתרים לפי נתיב מים. שמירה שומרת טיוטה; האתר משתנה רק אחרי ״פרסם״.",
  loading: "טוען את המחירון...",
  loadFailed: "טעינת המחירון נכשלה",
  parts: "חלקי המחירון",
  permitsPart: "היתרים ונתיבי מים",
  sampleBanner: "מחירים לדוגמה: המספרים כאן הם טווחים ציבוריים מהאזור, לא המחירים של החברה. עברו על כל פרויקט, תקנו, וסמנו ״אלה המחירים שלנו״. עד אז הלקוחות רואים באתר ״Sample prices״ ליד הטווח.",
  sampleTag: "לדוגמה",
  confirmed: "אלה המחירים שלנו (לא לדוגמה)",
  confirmedHint: "כל עוד זה לא מסומן, האתר מציג ללקוח ״מחירים לדוגמה״ והפריט מופיע ברשימת הבדיקה לפני השקה.",
  permitsConfirmed: "כללי ההיתרים והזמנים נבדקו על ידינו (לא לדוגמה)",
  save: "שמור טיוטה",
  saving: "שומר...",
  saved: "הטיוטה נשמרה. היא תופיע באתר אחרי ״פרסם״.",
  unsaved: "יש שינויים שלא נשמרו.",
  noChanges: "אין שינויים שלא נשמרו.",
  saveFailed: "השמירה נכשלה. השינויים שלכם עדיין כאן; נסו שוב.",
  sessionOver: "פג תוקף החיבור. התחברו שוב; השינויים שלא נשמרו יאבדו ביציאה מהעמוד.",
  fix: (where: string) => `יש לתקן: ${where}.`,
  needNumber: "צריך מספר.",
  low: "מ־",
  high: "עד",
  lowFor: (what: string) => `${what}: מ־`,
  highFor: (what: string) => `${what}: עד`,
  dollars: "דולר",
  // A project's card
  kinds: "מחיר לפי סוג עבודה",
  base: "סכום קבוע לעבודה",
  perUnit: (unit: string) => `מחיר ${unit}`,
  materials: "מקדם לפי חומר",
  factorsHint: "מקדם 1 = המחיר הבסיסי. 1.2 = ‏20% יותר. אפשר טווח: הקצה הנמוך מוכפל ב״מ־״ והגבוה ב״עד״.",
  barge: "מקדם לעבודה מדוברה (גישה מהמים)",
  salt: "מקדם למים מלוחים",
  addingHint: "לפחות 1: דוברה ומים מלוחים רק מוסיפים למחיר.",
  minimum: "מחיר מינימום לעבודה",
  example: "דוגמה",
  exampleDraft: "בטיוטה",
  exampleLive: "באתר עכשיו",
  // Permits
  permits: "היתרים",
  permitsHint: "מה שהלקוח רואה: שם ההיתר, הגוף שמנפיק אותו, הערה וזמן טיפוסי. השמות וההערות באנגלית, כפי שהם מוצגים באתר.",
  permitName: "שם ההיתר (באנגלית)",
  // The Spanish beside the English (issue 37): /es/estimate shows it; empty, the English.
  permitNameEs: "שם ההיתר בספרדית",
  noteEs: "הערה ללקוח בספרדית",
  waterwayNoteEs: "הערה ללקוח בספרדית",
  spanishHint: "לעמוד /es/estimate. ריק: מוצג באנגלית, ומופיע ברשימת הבדיקה לפני ההשקה.",
  agency: "הגוף המנפיק (באנגלית)",
  note: "הערה ללקוח (באנגלית, לא חובה)",
  weeks: "זמן טיפוסי (שבועות)",
  weeksMin: "מ־ (שבועות)",
  weeksMax: "עד (שבועות)",
  applies: "איפה נדרש: לכל סוג פרויקט, בחרו את נתיבי המים",
  exemptions: "פטורים של המדינה",
  dockExempt: "פטור לרציף פרטי עד (רגל מרובעת) בתעלה חפורה",
  seawallExempt: "פטור להחלפת קיר ים בטווח (אינץ׳) מהקיר הישן",
  exemptOn: "הפטור חל",
  addPermit: "הוספת היתר",
  removePermit: (name: string) => `מחיקה: ההיתר ${name}`,
  remove: "מחיקה",
  newPermit: "New permit",
  waterways: "נתיבי מים",
  waterwaysHint: "״תעלה חפורה״ קובעת אם הפטור לרציף קטן חל שם. ההערה מוצגת ללקוח שבוחר את הנתיב (באנגלית).",
  manMade: "תעלה חפורה (מעשה ידי אדם)",
  waterwayNote: "הערה ללקוח (באנגלית)",
  history: "המחירון ההתחלתי (מחירים לדוגמה)",
};

export { PROJECT_HE } from "../../../lib/contracts/estimate.ts";

export const KIND_HE: Record<string, string> = {
  "dock.new": "רציף חדש",
  "dock.rebuild": "בנייה מחדש (כולל פירוק הישן)",
  "lift.cable": "מעלית כבלים (4 עמודים או מעלית)",
  "lift.hydraulic": "מעלית הידראולית",
  "seawall.new": "קיר ים חדש",
  "seawall.replacement": "החלפת קיר ים ישן",
  "cap.cap": "כיפה חדשה לקיר קיים",
  "cap.repair": "תיקון סדקים, לוחות או חיבורים",
  "dredge.dredge": "העמקה",
};

export const MATERIAL_HE: Record<string, string> = {
  "dock.wood": "עץ מטופל בלחץ",
  "dock.composite": "דק מרוכב (קומפוזיט)",
  "dock.concrete": "בטון",
  "seawall.concrete": "לוחות בטון",
  "seawall.vinyl": "לוחות ויניל",
};

/** What one priced unit is, per project. */
export const UNIT_HE: Record<ProjectId, string> = {
  dock: "לרגל מרובעת",
  lift: "לכל 1,000 ליברות",
  seawall: "לרגל אורך",
  cap: "לרגל אורך",
  dredge: "ליארד מעוקב",
};

export const BASE_HE: Record<ProjectId, string> = {
  dock: "סכום קבוע לעבודה",
  lift: "המעלית עצמה (סכום קבוע)",
  seawall: "סכום קבוע לעבודה",
  cap: "סכום קבוע לעבודה",
  dredge: "הבאת הציוד (סכום קבוע)",
};

/** The matrix's column heads on a phone: short (each checkbox is named in full). */
export const WATERWAY_SHORT_HE: Record<WaterwayId, string> = {
  canal: "תעלה בקייפ קורל",
  caloosahatchee: "קלוסהאצ׳י",
  spreader: "ספרדר",
  matlacha: "מטלצ׳ה",
};

// The waterways as the office calls them: in the contract, as the launch checklist on the server names them too.
export { WATERWAY_HE } from "../../../lib/contracts/estimate.ts";

/** The server's refusal of a price field, in Hebrew where the reason is one of the rules' own. */
export function rulesReason(message: string): string | null {
  const reason = message.replace(/^Invalid [\w.@-]+:\s*/, "");
  if (/low end must not be above the high end/.test(reason)) return "״מ־״ גדול מ״עד״: הקצה הנמוך לא יכול להיות מעל הגבוה.";
  if (/at least 1 \(it can only add/.test(reason)) return "לפחות 1: הגורם הזה רק מוסיף למחיר.";
  if (/cannot be negative/.test(reason)) return "לא יכול להיות שלילי.";
  if (/must be at most ([\d,.]+)/.test(reason)) return `גדול מדי: לכל היותר ${/must be at most ([\d,.]+)/.exec(reason)![1]}.`;
  if (/must be at least ([\d.]+)/.test(reason)) return `קטן מדי: לפחות ${/must be at least ([\d.]+)/.exec(reason)![1]}.`;
  if (/must be a number/.test(reason)) return "צריך מספר.";
  if (/must be whole weeks/.test(reason)) return "מספר שלם של שבועות.";
  if (/shortest time must not be above the longest/.test(reason)) return "הזמן הקצר גדול מהארוך.";
  if (/plain text \(no HTML\)|one line of plain text/.test(reason)) return "טקסט רגיל בשורה אחת, בלי HTML.";
  if (/is required/.test(reason)) return "שדה חובה.";
  if (/is used twice/.test(reason)) return "המזהה הזה כבר קיים.";
  return null;
}
