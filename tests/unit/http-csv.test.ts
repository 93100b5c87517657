import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "../../src/server/http/csv.ts";

describe("csvCell", () => {
  it.each([
    // Formula starters get a leading quote, so a spreadsheet shows them as text.
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ["+1 239 555 0100", "'+1 239 555 0100"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\t=1", "'\t=1"],
    // A leading CR is a formula starter and a reason to quote.
    ["\r=1", "\"'\r=1\""],
    // Quotes, commas and line breaks are quoted, with quotes doubled.
    ['say "hi"', '"say ""hi"""'],
    ["Cape Coral, FL", '"Cape Coral, FL"'],
    ["line one\nline two", '"line one\nline two"'],
    ['=HYPERLINK("http://evil","x"),', '"\'=HYPERLINK(""http://evil"",""x""),"'],
    ["plain", "plain"],
    ["", ""],
  ])("%j → %j", (input, output) => {
    expect(csvCell(input)).toBe(output);
  });

  it.each([
    [null, ""],
    [undefined, ""],
    [3, "3"],
    [-3, "'-3"],
    [new Date("2025-01-02T03:04:05Z"), "2025-01-02T03:04:05.000Z"],
  ])("writes %j as %j", (input, output) => {
    expect(csvCell(input)).toBe(output);
  });
});

describe("toCsv", () => {
  it("writes a BOM, a header and CRLF-ended rows", () => {
    const csv = toCsv(
      [
        { header: "name", value: (r: { n: string; e: string }) => r.n },
        { header: "email", value: (r) => r.e },
      ],
      [
        { n: "Ann, \"Boats\"", e: "a@example.com" },
        { n: "=2+2", e: "b@example.com" },
      ],
    );
    expect(csv).toBe('\uFEFFname,email\r\n"Ann, ""Boats""",a@example.com\r\n\'=2+2,b@example.com\r\n');
  });
});
