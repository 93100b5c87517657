/**
 * Reads an iCalendar text back (RFC 5545) for the tests: lines unfolded (a line break followed by a
 * space or tab continues the line), each property's name, parameters and value (escapes undone), and
 * the VCALENDAR's own properties beside its VEVENTs. Throws on what a calendar would refuse: no
 * BEGIN:VCALENDAR / END:VCALENDAR, an unbalanced BEGIN/END, a VEVENT without UID, DTSTAMP or DTSTART.
 */
export interface IcsEvent {
  props: Record<string, string>;
  params: Record<string, Record<string, string>>;
}
export interface IcsCalendar {
  props: Record<string, string>;
  events: IcsEvent[];
}

const unescape = (v: string) => v.replace(/\\n/gi, "\n").replace(/\\([,;\\])/g, "$1");

export function parseIcs(text: string): IcsCalendar {
  const lines = text.replace(/\r?\n[ \t]/g, "").split(/\r?\n/).filter(Boolean);
  if (lines[0] !== "BEGIN:VCALENDAR" || lines.at(-1) !== "END:VCALENDAR") throw new Error("not a VCALENDAR");
  const cal: IcsCalendar = { props: {}, events: [] };
  const stack: string[] = [];
  let event: IcsEvent | null = null;
  for (const line of lines) {
    const colon = line.search(/:(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    if (colon < 0) throw new Error(`not a property line: ${line}`);
    const [name, ...paramParts] = line.slice(0, colon).split(";");
    const value = line.slice(colon + 1);
    if (name === "BEGIN") {
      stack.push(value);
      if (value === "VEVENT") event = { props: {}, params: {} };
      continue;
    }
    if (name === "END") {
      if (stack.pop() !== value) throw new Error(`unbalanced END:${value}`);
      if (value === "VEVENT" && event) {
        for (const p of ["UID", "DTSTAMP", "DTSTART"]) if (!event.props[p]) throw new Error(`VEVENT without ${p}`);
        cal.events.push(event);
        event = null;
      }
      continue;
    }
    const params = Object.fromEntries(paramParts.map((p) => p.split("=")).map(([k, v]) => [k, (v ?? "").replace(/^"|"$/g, "")]));
    if (event) {
      event.props[name] = unescape(value);
      event.params[name] = params;
    } else cal.props[name] = unescape(value);
  }
  if (stack.length) throw new Error("unclosed BEGIN");
  return cal;
}

/** "20261103T150000Z" → a Date. */
export function icsDate(v: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(v);
  if (!m) throw new Error(`not a UTC date-time: ${v}`);
  return new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]));
}
