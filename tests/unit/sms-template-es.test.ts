// Issue 37: a request from the Spanish site gets its text in Spanish: the same fixed template and
// callback rules, in Spanish words, within one GSM-7 segment for every service's Spanish title.
import { describe, expect, it } from "vitest";
import services from "../../content/services.json" with { type: "json" };
import { callbackAt, clockWords, gsm7Length, leadText, zonedInstant } from "../../src/server/sms/template.ts";
import { SMS_CONSENT_VERSION_BY_LANGUAGE, SMS_CONSENT_WORDINGS, smsConsentText } from "../../src/lib/contracts/sms.ts";
import type { BusinessHours } from "../../src/lib/contracts/reports.ts";

const ZONE = "America/New_York";
const HOURS: BusinessHours = { days: [1, 2, 3, 4, 5], opens: "08:00", closes: "17:00", timeZone: ZONE };
const local = (ymd: string, hhmm: string) => {
  const [y, m, d] = ymd.split("-").map(Number);
  return zonedInstant(y, m, d, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), ZONE);
};

describe("when the office will call, in Spanish", () => {
  it.each([
    ["2026-12-02", "10:15", "dentro de una hora"],
    ["2026-12-02", "16:20", "antes de las 5 pm hoy"],
    ["2026-12-02", "16:50", "el jueves por la mañana"],
    ["2026-12-01", "17:30", "el miércoles por la mañana"],
    ["2026-12-02", "06:30", "esta mañana"],
    ["2026-12-04", "18:30", "el lunes por la mañana"],
  ])("%s %s → %s (and at the same instant as the English)", (day, time, when) => {
    const es = callbackAt(HOURS, local(day, time), "es");
    expect(es.when).toBe(when);
    expect(es.validUntil).toEqual(callbackAt(HOURS, local(day, time)).validUntil);
  });
  it("an office closing at 1 pm or at noon, one opening in the afternoon, and no hours", () => {
    expect(callbackAt({ ...HOURS, closes: "13:00" }, local("2026-12-02", "12:20"), "es").when).toBe("antes de la 1 pm hoy");
    expect(callbackAt({ ...HOURS, closes: "12:00" }, local("2026-12-02", "11:20"), "es").when).toBe("antes del mediodía hoy");
    expect(callbackAt({ ...HOURS, opens: "13:00", closes: "18:00" }, local("2026-12-04", "19:00"), "es").when).toBe("el lunes por la tarde");
    expect(callbackAt(null, new Date(), "es").when).toBe("pronto");
    expect(clockWords("12:00", "es")).toBe("mediodía");
  });
});

describe("the Spanish text", () => {
  const base = { company: "Coastal Marine Construction", shortName: "Coastal Marine", phone: "(239) 555-0142", language: "es" as const };
  it("fits one GSM-7 segment for every service's Spanish title at every callback phrase", () => {
    for (const s of services)
      for (const when of ["dentro de una hora", "antes de las 5 pm hoy", "esta mañana", "el miércoles por la mañana", "el sábado por la tarde", "pronto"]) {
        const text = leadText({ ...base, kind: "quote", service: s.es.title, when });
        expect(gsm7Length(text), text).not.toBeNull();
        expect(gsm7Length(text)!, text).toBeLessThanOrEqual(160);
      }
  });
  it("says who, what, when and from which number, and how to stop", () => {
    expect(leadText({ ...base, kind: "quote", service: "Elevadores para botes", when: "dentro de una hora" })).toBe(
      "Coastal Marine: recibimos su solicitud de Elevadores para botes. Le llamaremos dentro de una hora desde el (239) 555-0142. Responda STOP para cancelar.",
    );
    expect(leadText({ ...base, kind: "inquiry", service: null, when: "el lunes por la mañana" })).toBe(
      "Coastal Marine Construction: recibimos su consulta sobre un producto. Le llamaremos el lunes por la mañana desde el (239) 555-0142. Responda STOP para cancelar.",
    );
  });
});

describe("the Spanish consent", () => {
  it("has its own version, says everything the English says, and links the Spanish privacy policy", () => {
    const es = SMS_CONSENT_WORDINGS[SMS_CONSENT_VERSION_BY_LANGUAGE.es]("Coastal Marine Construction");
    expect(SMS_CONSENT_VERSION_BY_LANGUAGE.es).not.toBe(SMS_CONSENT_VERSION_BY_LANGUAGE.en);
    expect(es.terms).toContain("Coastal Marine Construction");
    for (const part of ["automatizados", "no es una condición de compra", "Hasta 2 mensajes por solicitud", "tarifas por mensajes y datos", "STOP", "HELP"]) expect(es.terms).toContain(part);
    expect(es.privacyPath).toBe("/es/privacy");
    expect(smsConsentText(SMS_CONSENT_VERSION_BY_LANGUAGE.en, "X")).toMatch(/Privacy Policy: \/privacy$/);
  });
});
