// Issue 34, item 2: the visitor's text is a fixed template within one GSM-7 segment, its callback
// time comes from the published hours in the office's zone, keywords are read as carriers read them,
// and Twilio's webhook signature is computed as Twilio does.
import { describe, expect, it } from "vitest";
import site from "../../content/site.json" with { type: "json" };
import services from "../../content/services.json" with { type: "json" };
import { callbackAt, clockWords, gsm7Length, helpText, leadText, localDay, segments, serviceOf, startText, toGsm7, zonedInstant } from "../../src/server/sms/template.ts";
import { keywordOf } from "../../src/server/sms/opt-outs.ts";
import { candidateUrls, twilioSignature, validSignature, twiml } from "../../src/server/sms/inbound.ts";
import { textableNumber } from "../../src/server/sms/numbers.ts";
import { retryAfterSeconds } from "../../src/server/sms/twilio.ts";
import { signTwilio } from "../helpers/fake-twilio.ts";
import { SMS_CONSENT_VERSION, SMS_CONSENT_WORDINGS, smsConsentText } from "../../src/lib/contracts/sms.ts";
import type { BusinessHours } from "../../src/lib/contracts/reports.ts";

const ZONE = "America/New_York";
const HOURS: BusinessHours = { days: [1, 2, 3, 4, 5], opens: "08:00", closes: "17:00", timeZone: ZONE };
/** An instant by the office's clock: "2026-12-04 18:30" (a Friday). */
const local = (ymd: string, hhmm: string) => {
  const [y, m, d] = ymd.split("-").map(Number);
  return zonedInstant(y, m, d, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), ZONE);
};

describe("when the office will call (published hours, America/New_York)", () => {
  it.each([
    ["2026-12-02", "10:15", "within the hour", "2026-12-02T16:15:00.000Z"], // Wednesday morning (EST, UTC-5)
    ["2026-12-02", "16:00", "within the hour", "2026-12-02T22:00:00.000Z"], // an hour before closing
    ["2026-12-02", "16:20", "before 5 pm today", "2026-12-02T22:00:00.000Z"],
    ["2026-12-02", "16:50", "Thursday morning", "2026-12-03T13:00:00.000Z"], // 10 minutes before closing: tomorrow
    ["2026-12-02", "17:00", "Thursday morning", "2026-12-03T13:00:00.000Z"],
    ["2026-12-02", "06:30", "this morning", "2026-12-02T13:00:00.000Z"],
    ["2026-12-04", "18:30", "Monday morning", "2026-12-07T13:00:00.000Z"], // Friday evening → Monday
    ["2026-12-05", "11:00", "Monday morning", "2026-12-07T13:00:00.000Z"], // Saturday
    ["2026-12-06", "23:59", "Monday morning", "2026-12-07T13:00:00.000Z"], // Sunday night
    ["2026-07-03", "20:00", "Monday morning", "2026-07-06T12:00:00.000Z"], // summer (EDT, UTC-4)
    ["2027-03-12", "19:00", "Monday morning", "2027-03-15T12:00:00.000Z"], // Friday before the clocks change (Sunday 14 March)
  ])("%s %s → %s", (day, time, when, until) => {
    const c = callbackAt(HOURS, local(day, time));
    expect(c.when).toBe(when);
    expect(c.validUntil.toISOString()).toBe(until);
  });

  it("names the part of the day an office opens in, says 'soon' without hours, and words the closing time", () => {
    expect(callbackAt({ ...HOURS, opens: "13:00", closes: "18:00" }, local("2026-12-04", "19:00")).when).toBe("Monday afternoon");
    expect(callbackAt(null, new Date()).when).toBe("soon");
    expect([clockWords("17:00"), clockWords("17:30"), clockWords("12:00"), clockWords("09:05"), clockWords("00:00")]).toEqual(["5 pm", "5:30 pm", "noon", "9:05 am", "12 am"]);
  });

  it("a number's day is the office's: 11:30 pm in Cape Coral is already tomorrow in UTC", () => {
    expect(localDay(new Date("2026-12-03T04:30:00Z"), ZONE)).toBe("2026-12-02");
    expect(localDay(new Date("2026-12-03T05:30:00Z"), ZONE)).toBe("2026-12-03");
  });
});

describe("the text", () => {
  const base = { company: site.name, shortName: site.shortName, phone: site.phone };
  /** Every callback time the published hours can give: a week, every 5 minutes. */
  const hours: BusinessHours = { days: [1, 2, 3, 4, 5], opens: site.hours.opens, closes: site.hours.closes, timeZone: ZONE };
  const phrases = [...new Set(Array.from({ length: (7 * 24 * 60) / 5 }, (_, i) => callbackAt(hours, new Date(local("2026-11-30", "00:00").getTime() + i * 300_000)).when)), "soon"];

  it("fits one GSM-7 segment with the company's full name for every service of the catalogue and every callback time", () => {
    expect(phrases.sort()).toEqual(
      ["Friday morning", "Monday morning", "Thursday morning", "Tuesday morning", "Wednesday morning", "before 5 pm today", "soon", "this morning", "within the hour"].sort(),
    );
    const lengths: number[] = [];
    for (const s of services) {
      for (const when of phrases) {
        const text = leadText({ ...base, kind: "quote", service: s.title, when });
        expect(text, text).toContain(site.name);
        expect(text).toContain(`your request for ${s.title}.`);
        expect(segments(text), text).toBe(1);
        lengths.push(gsm7Length(text)!);
      }
    }
    for (const kind of ["quote", "inquiry"] as const) for (const when of phrases) expect(segments(leadText({ ...base, kind, service: null, when }))).toBe(1);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(160);
  });

  it("reads exactly so", () => {
    expect(leadText({ ...base, kind: "quote", service: "Boat Lifts", when: "within the hour" })).toBe(
      "Coastal Marine Construction got your request for Boat Lifts. We'll call within the hour from (239) 555-0142. Reply STOP to opt out.",
    );
    expect(leadText({ ...base, kind: "inquiry", service: null, when: "Monday morning" })).toBe(
      "Coastal Marine Construction got your product inquiry. We'll call Monday morning from (239) 555-0142. Reply STOP to opt out.",
    );
    expect(leadText({ ...base, kind: "quote", service: null, when: "this morning" })).toBe(
      "Coastal Marine Construction got your quote request. We'll call this morning from (239) 555-0142. Reply STOP to opt out.",
    );
  });

  it("falls back to the short name, then to neutral words, and never goes past two segments", () => {
    const long = leadText({ ...base, kind: "quote", service: "Underwater Soil Sampling, Surveying & Permits", when: "Wednesday morning" });
    expect(long.startsWith(`${site.shortName} got your request for Underwater`)).toBe(true);
    expect(segments(long)).toBe(1);
    const longer = leadText({ ...base, kind: "quote", service: "x".repeat(150), when: "Wednesday morning" });
    expect(longer).toBe(`${site.name} got your quote request. We'll call Wednesday morning from (239) 555-0142. Reply STOP to opt out.`);
    const huge = leadText({ company: "C".repeat(400), shortName: "D".repeat(300), phone: site.phone, kind: "quote", service: "Seawalls", when: "soon" });
    expect(segments(huge)).toBe(2);
  });

  it("is GSM-7 whatever the content holds: curly quotes and dashes become plain, emoji are dropped", () => {
    expect(toGsm7("Joe’s Docks – “Best” 🚤 …")).toBe("Joe's Docks - \"Best\" ...");
    const text = leadText({ company: "Joe’s Docks", phone: "(239) 555-0142", kind: "quote", service: "Lifts — Repairs", when: "soon" });
    expect(gsm7Length(text)).not.toBeNull();
    expect(gsm7Length("€[]")).toBe(6);
    expect(gsm7Length("日本")).toBeNull();
  });

  it("names a service only when the subject is one of the catalogue's (the visitor's own words never reach a text)", () => {
    expect(serviceOf("boat lifts", services)).toBe("Boat Lifts");
    expect(serviceOf("Boatlifts", services)).toBe("Boat Lifts");
    expect(serviceOf("Free iPhone: reply YES at evil.example", services)).toBeNull();
    expect(serviceOf("", services)).toBeNull();
  });

  it("HELP and START replies name the company, and fit one segment", () => {
    const help = helpText(site.name, site.phone);
    expect(help).toBe("Coastal Marine Construction: texts about your request, up to 2 per request. Msg & data rates may apply. Call (239) 555-0142. Reply STOP to opt out.");
    expect(segments(help)).toBe(1);
    expect(segments(startText(site.name))).toBe(1);
  });
});

describe("the consent's wording", () => {
  it("names the company and says what US law expects, and is stored as one text", () => {
    const w = SMS_CONSENT_WORDINGS[SMS_CONSENT_VERSION](site.name);
    expect(w.label).toBe("Text me about this request");
    for (const needed of [site.name, "automated text messages", "about this request", "not a condition of purchase", "Up to 2 messages", "Msg & data rates may apply", "Reply STOP to opt out, HELP for help"]) {
      expect(w.terms).toContain(needed);
    }
    expect(smsConsentText(SMS_CONSENT_VERSION, site.name)).toBe(`Text me about this request. ${w.terms} Privacy Policy: /privacy`);
  });
});

describe("keywords", () => {
  it.each([
    ["STOP", "STOP", true], ["stop", "STOP", true], [" Stop. ", "STOP", true], ["STOPALL", "STOP", true], ["unsubscribe", "STOP", true], ["Cancel", "STOP", true],
    ["END", "STOP", true], ["quit!", "STOP", true], ["REVOKE", "STOP", false], ["opt out", "STOP", false], ["Please stop texting me", "STOP", false],
    ["START", "START", true], ["yes", "START", true], ["Unstop", "START", true], ["HELP", "HELP", true], ["info?", "HELP", true],
  ])("%j is %s", (body, keyword, twilios) => {
    expect(keywordOf(body)).toEqual({ keyword, twilios });
  });

  it("anything else is no keyword", () => {
    for (const body of ["Thanks! See you Monday", "Is 3pm ok?", "", "yes please call after 5", "I want to cancel my appointment"]) expect(keywordOf(body), body).toBeNull();
  });
});

describe("Twilio's webhook signature", () => {
  // The vector of Twilio's own SDK tests (twilio-node spec/validation.spec.js).
  const params = { CallSid: "CA1234567890ABCDE", Caller: "+14158675309", Digits: "1234", From: "+14158675309", To: "+18005551212" };
  const url = "https://mycompany.com/myapp.php?foo=1&bar=2";

  it("is HMAC-SHA1 of the URL and the sorted parameters, base64, as Twilio computes it", () => {
    expect(twilioSignature("12345", url, params)).toBe("RSOYDt4T1cUTdK1PDd93/VVr8B8=");
    expect(signTwilio("12345", url, params)).toBe("RSOYDt4T1cUTdK1PDd93/VVr8B8=");
    expect(validSignature("12345", "RSOYDt4T1cUTdK1PDd93/VVr8B8=", [url], params)).toBe(true);
  });

  it("refuses another token, another URL, another parameter, no signature, and a signature of another length", () => {
    const good = twilioSignature("12345", url, params);
    expect(validSignature("54321", good, [url], params)).toBe(false);
    expect(validSignature("12345", good, ["https://mycompany.com/myapp.php?foo=1&bar=3"], params)).toBe(false);
    expect(validSignature("12345", good, [url], { ...params, Digits: "1235" })).toBe(false);
    expect(validSignature("12345", null, [url], params)).toBe(false);
    expect(validSignature("12345", `${good}=`, [url], params)).toBe(false);
  });

  it("is checked against the public address Twilio posted to (SITE_URL), with and without the default port", () => {
    const urls = candidateUrls("http://localhost:8888/api/sms/inbound", { SITE_URL: "https://www.coastalmarinecapecoral.com/" });
    expect(urls).toEqual([
      "https://www.coastalmarinecapecoral.com/api/sms/inbound",
      "https://www.coastalmarinecapecoral.com:443/api/sms/inbound",
      "http://localhost:8888/api/sms/inbound",
    ]);
  });

  it("answers TwiML, escaped", () => {
    expect(twiml()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect(twiml("A & B <c>")).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Message>A &amp; B &lt;c&gt;</Message></Response>');
  });
});

describe("numbers and answers", () => {
  it("texts US numbers only (the states and territories), never a Caribbean +1 or an overseas one", () => {
    expect(textableNumber("(239) 555-0142")).toBe("+12395550142");
    expect(textableNumber("239-555-0142 x12")).toBe("+12395550142");
    expect(textableNumber("+1 787 555 0100")).toBe("+17875550100"); // Puerto Rico
    expect(textableNumber("+1 876 555 0100")).toBeNull(); // Jamaica
    expect(textableNumber("+44 20 7946 0958")).toBeNull();
    expect(textableNumber("555-0142")).toBeNull();
  });

  it("reads Retry-After as seconds or as a date", () => {
    expect(retryAfterSeconds("30")).toBe(30);
    expect(retryAfterSeconds(new Date(Date.now() + 20_000).toUTCString())).toBeGreaterThanOrEqual(19);
    expect(retryAfterSeconds("soon")).toBeNull();
    expect(retryAfterSeconds(null)).toBeNull();
  });
});
