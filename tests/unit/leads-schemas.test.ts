import { describe, expect, it } from "vitest";
import * as shared from "../../src/lib/lead-schemas.ts";
import { inquirySchema, quoteRequestSchema } from "../../src/server/leads/schemas.ts";
import { parsePhone } from "../../src/server/phone/parse.ts";

const quote = { fullName: "Jane", email: "jane@example.com", phone: "2395550134", subject: "Docks" };

/** Phone numbers as people type them: [typed, E.164 and extension the server reads, or null: refused]. */
const PHONES: [string, { e164: string; ext: string | null } | null][] = [
  ["(239) 555-0134", { e164: "+12395550134", ext: null }],
  ["+1 239.555.0134", { e164: "+12395550134", ext: null }],
  ["239-555-0134", { e164: "+12395550134", ext: null }],
  ["1 239 555 0134", { e164: "+12395550134", ext: null }],
  // extensions, however they are written
  ["(239) 555-0142 ext. 12", { e164: "+12395550142", ext: "12" }],
  ["(239) 555-0142 ext 12", { e164: "+12395550142", ext: "12" }],
  ["+1 (239) 555-0134 extension 7", { e164: "+12395550134", ext: "7" }],
  ["239-555-0142 x12", { e164: "+12395550142", ext: "12" }],
  ["239.555.0142 #12", { e164: "+12395550142", ext: "12" }],
  // international numbers
  ["+44 20 7946 0958", { e164: "+442079460958", ext: null }],
  ["+44 20 7946 0958 ext. 3", { e164: "+442079460958", ext: "3" }],
  ["+972 3-555-1234", { e164: "+97235551234", ext: null }],
  ["011 44 20 7946 0958", { e164: "+442079460958", ext: null }], // dialled from the US
  // garbage
  ["5550134", null], // no area code: which one?
  ["555013", null],
  ["123-456-7890", null], // no US area code starts with 1
  ["1234567890123456", null], // 16 digits
  ["--------", null],
  ["call me maybe", null],
  ["239 555 0142 ext", null], // an extension without digits
  ["1-800-FLOWERS", null], // letters are not dialled here
];

describe("quote request body", () => {
  it.each(PHONES)("phone %j → %j", (phone, read) => {
    expect(quoteRequestSchema.safeParse({ ...quote, phone }).success).toBe(read !== null);
    expect(parsePhone(phone)).toEqual(read);
  });

  it("names what is missing from a number without its area code", () => {
    const r = quoteRequestSchema.safeParse({ ...quote, phone: "555-0134" });
    expect(r.error?.issues[0]).toMatchObject({ path: ["phone"], message: "is too short: include the area code" });
  });

  it("the browser's light check never refuses a number the server takes, and is no longer than the form allows", () => {
    for (const [phone] of PHONES) {
      const server = quoteRequestSchema.safeParse({ ...quote, phone }).success;
      if (server) expect(shared.quoteRequestSchema.safeParse({ ...quote, phone }).success, phone).toBe(true);
    }
    const longest = "+44 (0) 20 7946 0958 extension 12345";
    expect(quoteRequestSchema.safeParse({ ...quote, phone: longest }).success).toBe(true);
    expect(shared.quoteRequestSchema.safeParse({ ...quote, phone: longest }).success).toBe(true);
  });

  it.each([
    ["jane@example.com", true],
    ["jane.doe+docks@sub.example.co", true],
    ["jane@", false],
    ["@example.com", false],
    ["jane example@example.com", false],
  ])("e-mail %j valid: %s", (email, ok) => {
    expect(quoteRequestSchema.safeParse({ ...quote, email }).success).toBe(ok);
  });

  it("trims the text it keeps", () => {
    const r = quoteRequestSchema.parse({ ...quote, fullName: "  Jane Doe  ", address: "  1 Canal St " });
    expect(r.fullName).toBe("Jane Doe");
    expect(r.address).toBe("1 Canal St");
  });
});

describe("inquiry body", () => {
  const inquiry = { fullName: "Sam", email: "sam@example.com", productId: "lift-10k" };
  it("needs only name, e-mail and product id", () => {
    expect(inquirySchema.safeParse(inquiry).success).toBe(true);
  });
  it("accepts an empty phone but not a malformed one", () => {
    expect(inquirySchema.safeParse({ ...inquiry, phone: "" }).success).toBe(true);
    expect(inquirySchema.safeParse({ ...inquiry, phone: "abc" }).success).toBe(false);
  });
  it("keeps line breaks in the message, refuses them in the subject", () => {
    expect(inquirySchema.safeParse({ ...inquiry, message: "line 1\nline 2" }).success).toBe(true);
    expect(inquirySchema.safeParse({ ...inquiry, subject: "a\nb" }).success).toBe(false);
  });
});
