import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatDay, formatNumber, formatPhone, mapHref, telHref } from "../../src/islands/admin/format.ts";
import { viewProducts } from "../../src/islands/editor/product-view.ts";

describe("formatPhone (US numbers as Americans write them)", () => {
  it.each([
    // ten digits, however typed
    ["2395550134", "(239) 555-0134"],
    ["239-555-0134", "(239) 555-0134"],
    ["(239) 555-0134", "(239) 555-0134"],
    // with the country code
    ["+1 239 555 0134", "(239) 555-0134"],
    ["1-239-555-0134", "(239) 555-0134"],
    // not a US number: left as typed
    ["+972 52 555 0134", "+972 52 555 0134"],
    ["555-0134", "555-0134"],
    ["  ", ""],
  ])("%j → %j", (typed, shown) => expect(formatPhone(typed)).toBe(shown));
});

describe("telHref (the tap-to-call link)", () => {
  it.each([
    ["(239) 555-0134", "tel:+12395550134"],
    ["+1 239 555 0134", "tel:+12395550134"],
    ["+972 52 555 0134", "tel:+972525550134"],
    ["555-0134", "tel:5550134"],
    // no number to call
    ["", null],
    ["NOT_PROVIDED", null],
  ])("%j → %j", (typed, href) => expect(telHref(typed)).toBe(href));

  it.each([
    // typed, E.164 and extension the server read → the link
    ["(239) 555-0142 ext. 12", "+12395550142", "12", "tel:+12395550142,12"],
    ["239-555-0142 x12", "+12395550142", "12", "tel:+12395550142,12"],
    ["+44 20 7946 0958", "+442079460958", null, "tel:+442079460958"],
    // not what the server writes: the typed number is used instead
    ["(239) 555-0134", "not-a-number", null, "tel:+12395550134"],
    ["(239) 555-0134", "+12395550134", "12;ext=3", "tel:+12395550134"],
  ])("%j read as %s ext %s → %s (the extension after a pause the dialer waits out)", (typed, e164, ext, href) =>
    expect(telHref(typed, e164, ext)).toBe(href),
  );
});

describe("dates and numbers in one locale (he-IL)", () => {
  const d = new Date(2026, 10, 23, 14, 5, 9); // 23 Nov 2026, local time

  it("writes a day as day.month.year, as the log lines do", () => {
    expect(formatDate(d)).toBe("23.11.2026");
    expect(formatDay("2026-11-23")).toBe("23.11.2026");
    expect(formatDay("2026-01-05")).toBe("05.01.2026");
  });

  it("writes a moment with a 24-hour clock", () => {
    expect(formatDateTime(d)).toMatch(/^23\.11\.2026,? 14:05:09$/);
  });

  it("keeps a value it cannot read as a day as it is", () => expect(formatDay("yesterday")).toBe("yesterday"));

  it("groups thousands", () => expect(formatNumber(1234567)).toBe("1,234,567"));
});

it("links an address to a map search", () => {
  expect(mapHref(" 1402 SE 47th Ter, Cape Coral, FL 33904 ")).toBe("https://www.google.com/maps/search/?api=1&query=1402%20SE%2047th%20Ter%2C%20Cape%20Coral%2C%20FL%2033904");
});

describe("viewProducts (editor grid search and sort)", () => {
  const p = (name: string, price: string) => ({ id: name, name, price, image: null, hoverImage: null });
  const all = [p("4-Step Stainless Dock Ladder", "$379"), p("Vinyl Corner Dock Bumper", "$24 – $38"), p("Boat Lift Motor, 1 HP", "$1,095"), p("Dock Cleat", "")];
  const names = (list: { name: string }[]) => list.map((x) => x.name);

  it("finds by every typed word, in name or price, ignoring case", () => {
    expect(names(viewProducts(all, "dock LADDER", "name-asc"))).toEqual(["4-Step Stainless Dock Ladder"]);
    expect(names(viewProducts(all, "$24", "name-asc"))).toEqual(["Vinyl Corner Dock Bumper"]);
    expect(viewProducts(all, "kayak", "name-asc")).toEqual([]);
  });

  it.each([
    ["name-asc", ["4-Step Stainless Dock Ladder", "Boat Lift Motor, 1 HP", "Dock Cleat", "Vinyl Corner Dock Bumper"]],
    ["name-desc", ["Vinyl Corner Dock Bumper", "Dock Cleat", "Boat Lift Motor, 1 HP", "4-Step Stainless Dock Ladder"]],
    // no price goes last both ways
    ["price-asc", ["Vinyl Corner Dock Bumper", "4-Step Stainless Dock Ladder", "Boat Lift Motor, 1 HP", "Dock Cleat"]],
    ["price-desc", ["Boat Lift Motor, 1 HP", "4-Step Stainless Dock Ladder", "Vinyl Corner Dock Bumper", "Dock Cleat"]],
  ] as const)("sorts by %s", (sort, order) => expect(names(viewProducts(all, "", sort))).toEqual(order));

  it("does not reorder the list it was given", () => {
    const before = names(all);
    viewProducts(all, "", "name-desc");
    expect(names(all)).toEqual(before);
  });
});
