import { describe, expect, it } from "vitest";
import { deriveLead, LEAD_SOURCE, NO_PHONE } from "../../src/server/crm/derive.ts";
import { MIN_FILL_MS, spamReason } from "../../src/server/leads/submit.ts";
import { backoffSeconds } from "../../src/server/leads/crm-queue.ts";
import { leadRef } from "../../src/server/crm/records.ts";
import { hashIp } from "../../src/server/leads/store.ts";

describe("lead derivation (issue 25 replaces spec §5's names: they come from the full name)", () => {
  it.each([
    // e-mail, full name, phone → first name, last name, phone
    ["jane.doe@example.com", "Jane Doe", "239-555-0134", "Jane", "Doe", "239-555-0134"],
    ["mas@example.com", "Mary Ann Smith", "", "Mary Ann", "Smith", NO_PHONE],
    ["cher@example.com", "Cher", "", "", "Cher", NO_PHONE], // one word: Zoho's required last name
    ["mlk@example.com", "Martin Luther King Jr.", "", "Martin Luther", "King Jr.", NO_PHONE],
    ["lvb@example.com", "Ludwig van Beethoven", "", "Ludwig", "van Beethoven", NO_PHONE],
    ["ana@example.com", "Ana de la Cruz", "", "Ana", "de la Cruz", NO_PHONE],
    ["o'neil-smith@example.com", "  Pat   O'Neil  ", "+1 239 555 0100", "Pat", "O'Neil", "+1 239 555 0100"],
    ["josé.núñez@example.com", "José", "", "", "José", NO_PHONE],
    ["anon_@example.com", "Someone", "", "", "Someone", NO_PHONE],
    // no name: the e-mail's words (or ANONYMOUS), in the required last name
    ["jane.doe@example.com", "", "", "", "jane doe", NO_PHONE],
    ["anon_7f3a@example.com", "", "", "", "ANONYMOUS", NO_PHONE],
    ["Anon_x@example.com", "", "", "", "Anon x", NO_PHONE], // only the exact prefix 'anon_'
    ["bob+docks_2025@example.com", "  ", "  ", "", "bob docks 2025", NO_PHONE],
  ])("%s / name %j / phone %j → first %j, last %j, phone %j", (email, fullName, phone, first, last, outPhone) => {
    expect(deriveLead({ email, fullName, phone })).toEqual({
      email,
      firstName: first,
      lastName: last,
      company: LEAD_SOURCE,
      leadSource: LEAD_SOURCE,
      phone: outPhone,
    });
  });

  it("sends the number the server read, E.164 with the extension, and the typed one only when it could not be read", () => {
    expect(deriveLead({ email: "a@example.com", fullName: "A B", phone: "(239) 555-0142 ext. 12", phoneE164: "+12395550142", phoneExt: "12" }).phone).toBe("+12395550142 ext. 12");
    expect(deriveLead({ email: "a@example.com", fullName: "A B", phone: "+44 20 7946 0958", phoneE164: "+442079460958", phoneExt: null }).phone).toBe("+442079460958");
    expect(deriveLead({ email: "a@example.com", fullName: "A B", phone: "555-0134", phoneE164: null, phoneExt: null }).phone).toBe("555-0134");
  });

  it("uses COASTAL_MARINE_INQUIRY as both company and lead source", () => {
    expect(LEAD_SOURCE).toBe("COASTAL_MARINE_INQUIRY");
  });
});

describe("spam judgement", () => {
  const now = 1_700_000_000_000;
  it.each([
    ["a filled honeypot", { website: "x" }, "honeypot"],
    ["a form sent 1 ms after it appeared", { startedAt: now - 1 }, "too-fast"],
    ["a form sent just under the minimum", { startedAt: now - MIN_FILL_MS + 1 }, "too-fast"],
    ["a form sent at the minimum", { startedAt: now - MIN_FILL_MS }, null],
    ["a browser clock ahead of ours", { startedAt: now + 5_000 }, null],
    ["no timing at all (another client)", {}, null],
    ["an empty honeypot", { website: "", startedAt: now - 60_000 }, null],
  ])("%s → %s", (_name, body, reason) => {
    expect(spamReason(body, now)).toBe(reason);
  });
});

describe("retry backoff", () => {
  it.each([
    [1, 30],
    [2, 60],
    [3, 120],
    [8, 3840],
    [10, 15360],
    [11, 6 * 3600],
    [500, 6 * 3600],
  ])("after attempt %i waits %i s", (attempts, seconds) => {
    expect(backoffSeconds(attempts)).toBe(seconds);
  });
});

describe("identifiers", () => {
  it("makes the CRM reference one searchable word from the lead id", () => {
    expect(leadRef("7562bd56-aa89-49d2-ad53-70d437dd6fb0")).toBe("WL7562bd56aa8949d2ad5370d437dd6fb0");
  });

  it("hashes an IP with a key: stable, not reversible by a plain SHA-256 lookup", () => {
    expect(hashIp("203.0.113.9", "k1")).toBe(hashIp("203.0.113.9", "k1"));
    expect(hashIp("203.0.113.9", "k1")).not.toBe(hashIp("203.0.113.9", "k2"));
    expect(hashIp("203.0.113.9", "k1")).toMatch(/^[0-9a-f]{32}$/);
  });
});
