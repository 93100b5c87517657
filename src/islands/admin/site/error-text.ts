/**
 * The server refuses a field in English ("Invalid reviews.2.reviewText: HTML is not allowed here…",
 * the schemas' and zod's words). The office reads Hebrew: the reasons the schemas give are said in
 * Hebrew; any other is shown as the server wrote it. English inside a Hebrew line is isolated
 * (U+2066…U+2069) so its brackets are not painted backwards.
 */
const REASONS: [RegExp, (m: RegExpExecArray) => string][] = [
  [/tick at least one day/, () => "סמנו לפחות יום אחד שבו המשרד פתוח."],
  [/close after it opens/, () => "שעת הסגירה צריכה להיות אחרי שעת הפתיחה."],
  [/HTML is not allowed/i, () => "אסור להשתמש כאן ב-HTML (תגיות כמו <b>): כתבו טקסט רגיל."],
  [/web address starting with https?:\/\/|Invalid URL/i, () => "צריך כתובת אינטרנט מלאה שמתחילה ב-\u2066https://\u2069"],
  [/format \((\d{3})\) (\d{3})-(\d{4})/, () => "מספר הטלפון צריך להיות במבנה \u2066(239) 555-0142\u2069"],
  [/use YYYY-MM-DD/, () => "צריך תאריך מלא (יום, חודש ושנה)."],
  [/lower-case words joined by hyphens/, () => "מותרות רק אותיות לועזיות קטנות, ספרות ומקפים."],
  [/upload the picture first|no uploaded picture/i, () => "חסרה תמונה, או שהיא לא הועלתה: בחרו תמונה."],
  [/at most (\d+) photos/, (m) => `אפשר עד ${m[1]} תמונות לפרויקט.`],
  [/is used twice/, () => "המזהה הזה כבר קיים ברשימה."],
  [/Invalid email/i, () => "כתובת האימייל לא תקינה."],
  [/expected string to have exactly (\d+) characters/, (m) => `צריך בדיוק ${m[1]} תווים.`],
  [/Too small: expected string to have >=1 character|expected string, received undefined/, () => "שדה חובה: הוא ריק."],
  [/Too small: expected string to have >=(\d+) characters/, (m) => `קצר מדי: לפחות ${m[1]} תווים.`],
  [/Too big: expected string to have <=(\d+) characters/, (m) => `ארוך מדי: עד ${m[1]} תווים.`],
  [/Too small: expected array to have >=(\d+) items?/, (m) => `צריך לפחות ${m[1]} ברשימה.`],
  [/Too big: expected array to have <=(\d+) items?/, (m) => `אפשר לכל היותר ${m[1]} ברשימה.`],
  [/Too small: expected number to be >=?(-?[\d.]+)/, (m) => `המספר קטן מדי: לפחות ${m[1]}.`],
  [/Too big: expected number to be <=?(-?[\d.]+)/, (m) => `המספר גדול מדי: לכל היותר ${m[1]}.`],
  [/expected number, received|expected int/i, () => "צריך מספר."],
  [/Invalid string: must match pattern/i, () => "הערך לא במבנה הנכון."],
];

/** The reason the server gave, without its "Invalid <field>:" prefix, in Hebrew when known. */
export function reasonText(serverMessage: string): string {
  const reason = serverMessage.replace(/^Invalid [\w.@-]+:\s*/, "").trim();
  for (const [re, say] of REASONS) {
    const m = re.exec(reason);
    if (m) return say(m);
  }
  return reason;
}
