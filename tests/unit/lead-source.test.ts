// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { leadSourceFields, rememberUtm, rememberVisit, utmFrom } from "../../src/lib/lead-source.ts";

beforeEach(() => sessionStorage.clear());

describe("UTM parameters of a visit", () => {
  it("reads the five utm_ keys of an address, trimmed, blank ones and other parameters left out", () => {
    expect(utmFrom("?utm_source=google&utm_medium=cpc&utm_term=%20&utm_content=+ad+&x=1")).toEqual({ source: "google", medium: "cpc", content: "ad" });
  });

  it("cuts a value to 200 characters", () => {
    expect(utmFrom(`?utm_campaign=${"x".repeat(300)}`).campaign).toHaveLength(200);
  });

  it("keeps the landing page's parameters for the pages visited after it", () => {
    expect(rememberUtm("?utm_source=newsletter&utm_campaign=spring")).toEqual({ source: "newsletter", campaign: "spring" });
    expect(rememberUtm("")).toEqual({ source: "newsletter", campaign: "spring" });
    expect(rememberUtm("?page=2")).toEqual({ source: "newsletter", campaign: "spring" });
  });

  it("lets a later campaign link replace the remembered one", () => {
    rememberUtm("?utm_source=newsletter&utm_campaign=spring");
    expect(rememberUtm("?utm_source=google")).toEqual({ source: "google" });
    expect(rememberUtm("")).toEqual({ source: "google" });
  });

  it("ignores a remembered value that is not UTM text", () => {
    sessionStorage.setItem("utm", JSON.stringify({ source: 42, medium: "cpc", evil: "x" }));
    expect(rememberUtm("")).toEqual({ medium: "cpc" });
    sessionStorage.setItem("utm", "{not json");
    expect(rememberUtm("")).toEqual({});
  });

  it("sends the remembered parameters with a form's source fields on a page without any", () => {
    rememberUtm("?utm_source=facebook");
    expect(leadSourceFields(1_700_000_000_000.9, "")).toMatchObject({ website: "", startedAt: 1_700_000_000_000, utm: { source: "facebook" } });
  });
});

describe("where a visit started (issue 28)", () => {
  it("keeps the session's first page and the outside site it came from, whatever pages follow", () => {
    expect(rememberVisit("/services/seawalls?utm_source=google", "https://www.google.com/", "https://site.example")).toEqual({
      landing: "/services/seawalls?utm_source=google",
      referrer: "https://www.google.com/",
    });
    expect(rememberVisit("/contact", "https://site.example/services/seawalls", "https://site.example")).toEqual({
      landing: "/services/seawalls?utm_source=google",
      referrer: "https://www.google.com/",
    });
  });

  it("does not count the site itself, or a missing or broken referrer, as where the visit came from", () => {
    expect(rememberVisit("/about", "https://site.example/", "https://site.example")).toEqual({ landing: "/about", referrer: "" });
    sessionStorage.clear();
    expect(rememberVisit("/", "not a url", "https://site.example").referrer).toBe("");
  });

  it("sends the landing page and the outside referrer with a form sent from another page", () => {
    rememberVisit("/gallery", "https://www.facebook.com/", location.origin);
    expect(leadSourceFields(1_700_000_000_000, "")).toMatchObject({ landing: "/gallery", referrer: "https://www.facebook.com/", page: location.pathname });
  });
});
