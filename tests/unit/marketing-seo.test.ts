import { describe, expect, it } from "vitest";
import site from "../../content/site.json";
import { breadcrumbLd, ldJson, localBusiness, serviceLd } from "../../src/components/seo";
import { e164 } from "../../src/lib/phone";

const origin = "https://www.example.com";

describe("e164", () => {
  it.each([
    ["(239) 555-0142", "+12395550142"],
    ["239.555.0142", "+12395550142"],
    ["1 239 555 0142", "+12395550142"],
  ])("%s → %s", (input, out) => expect(e164(input)).toBe(out));
});

describe("structured data", () => {
  it("describes the business, with no rating or reviews of its own (decision 14)", () => {
    const ld = localBusiness(site, origin);
    expect(ld).toMatchObject({ "@type": "HomeAndConstructionBusiness", telephone: "+12395550142", url: "https://www.example.com/" });
    expect(ld).not.toHaveProperty("aggregateRating");
    expect(ld).not.toHaveProperty("review");
    expect(ld.openingHoursSpecification).toEqual([{ "@type": "OpeningHoursSpecification", dayOfWeek: site.hours.days, opens: "08:00", closes: "17:00" }]);
  });
  it("links a service to the business and builds Home > Services > service", () => {
    const s = serviceLd({ title: "Seawalls", seoDescription: "d", path: "/services/seawalls" }, origin, "https://www.example.com/x.jpg", site);
    expect(s.provider).toMatchObject({ "@id": "https://www.example.com/#business" });
    const crumbs = breadcrumbLd([{ name: "Home", path: "/" }, { name: "Services", path: "/services" }, { name: "Seawalls", path: "/services/seawalls" }], origin);
    expect(crumbs.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "https://www.example.com/" },
      { "@type": "ListItem", position: 2, name: "Services", item: "https://www.example.com/services" },
      { "@type": "ListItem", position: 3, name: "Seawalls", item: "https://www.example.com/services/seawalls" },
    ]);
  });
  it("cannot close its <script> tag from inside the data", () => {
    const out = ldJson({ name: "</script><script>alert(1)</script>" });
    expect(out).not.toContain("</script>");
    expect(JSON.parse(out).name).toBe("</script><script>alert(1)</script>");
  });
});
