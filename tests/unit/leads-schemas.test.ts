import { describe, expect, it } from "vitest";
import { inquirySchema, quoteRequestSchema } from "../../src/lib/lead-schemas.ts";

const quote = { fullName: "Jane", email: "jane@example.com", phone: "2395550134", subject: "Docks" };

describe("quote request body", () => {
  it.each([
    ["(239) 555-0134", true],
    ["+1 239.555.0134", true],
    ["239-555-0134", true],
    ["5550134", true],
    ["555013", false], // 6 digits
    ["+1 (239) 555-0134 ext 12", false],
    ["1234567890123456", false], // 16 digits
    ["--------", false],
  ])("phone %j valid: %s", (phone, ok) => {
    expect(quoteRequestSchema.safeParse({ ...quote, phone }).success).toBe(ok);
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
