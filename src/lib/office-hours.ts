/**
 * The office's hours in one form (issue 39, item 6): the days ticked and the opening and closing
 * times. The text the site prints, in English and in Spanish, is written from them, so the words,
 * the structured data (JSON-LD's dayOfWeek) and the reports' business hours cannot disagree.
 */

/** schema.org's day names, which the site's JSON-LD and the reports read; Monday first. */
export const WEEK = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export type Weekday = (typeof WEEK)[number];

const NAMES: Record<"en" | "es", readonly string[]> = {
  en: WEEK,
  es: ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"],
};

/** The days in week order, each once; names that are not days are dropped. */
export function weekOrder(days: readonly string[]): Weekday[] {
  return WEEK.filter((d) => days.some((x) => x.trim().toLowerCase() === d.toLowerCase()));
}

/** "08:00" → "8 am", "13:30" → "1:30 pm", "12:00" → "12 pm". */
function clock(hhmm: string): string {
  const [h, m] = hhmm.split(":").map(Number);
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}${m ? `:${String(m).padStart(2, "0")}` : ""} ${h < 12 ? "am" : "pm"}`;
}

/** Runs of consecutive days (Monday to Friday), each as [first, last] indexes in the week. */
function runs(days: readonly Weekday[]): [number, number][] {
  const at = days.map((d) => WEEK.indexOf(d));
  const out: [number, number][] = [];
  for (const i of at) {
    const last = out[out.length - 1];
    if (last && last[1] === i - 1) last[1] = i;
    else out.push([i, i]);
  }
  return out;
}

const list = (parts: string[], and: string) => (parts.length < 2 ? parts.join("") : `${parts.slice(0, -1).join(", ")} ${and} ${parts[parts.length - 1]}`);

/**
 * The hours as a sentence: "Monday to Friday, 8 am to 5 pm"; "De lunes a viernes, de 8 am a 5 pm";
 * "Monday, Wednesday and Friday, …"; "Every day, …". Two days in a row are named both.
 */
export function hoursText(days: readonly string[], opens: string, closes: string, lang: "en" | "es"): string {
  const names = NAMES[lang];
  const ordered = weekOrder(days);
  const es = lang === "es";
  let when: string;
  if (ordered.length === 7) when = es ? "todos los días" : "every day";
  else {
    const parts = runs(ordered).flatMap(([a, b]) => (b - a >= 2 ? [es ? `de ${names[a]} a ${names[b]}` : `${names[a]} to ${names[b]}`] : b > a ? [names[a], names[b]] : [names[a]]));
    when = list(parts, es ? "y" : "and");
  }
  const time = es ? `de ${clock(opens)} a ${clock(closes)}` : `${clock(opens)} to ${clock(closes)}`;
  const text = `${when}, ${time}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

interface WithHours {
  hours: { label: string; days: string[]; opens: string; closes: string };
  es?: Record<string, string>;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Why these hours cannot be published ("days" or "closes" and the reason), or null. */
export function hoursProblem(h: { days: readonly string[]; opens: string; closes: string }): { field: "days" | "closes"; reason: string } | null {
  if (!weekOrder(h.days).length) return { field: "days", reason: "tick at least one day the office is open" };
  if (TIME.test(h.opens) && TIME.test(h.closes) && h.opens >= h.closes) return { field: "closes", reason: "the office must close after it opens" };
  return null;
}

/**
 * The days, in week order, of hours that can be published and counted: at least one day, two
 * times of the day (HH:MM), closing after opening; otherwise null.
 */
export function usableHours(h: { days: readonly string[]; opens: string; closes: string }): Weekday[] | null {
  return hoursProblem(h) || !TIME.test(h.opens) || !TIME.test(h.closes) ? null : weekOrder(h.days);
}

/**
 * The company's details with the hours' text written from the days and times, in English
 * (`hours.label`) and Spanish (`es["hours.label"]`), the days in week order. Hours that cannot be
 * written (no day, closing before opening) are left as they are, for the server to refuse.
 */
export function withHoursText<T extends WithHours>(site: T): T {
  const { opens, closes } = site.hours;
  const ordered = usableHours(site.hours);
  if (!ordered) return site;
  return {
    ...site,
    hours: { ...site.hours, days: ordered, label: hoursText(ordered, opens, closes, "en") },
    es: { ...site.es, "hours.label": hoursText(ordered, opens, closes, "es") },
  };
}
