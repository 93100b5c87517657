// The back office's Site section (issue 27): the server's refusals in Hebrew, where a publish
// stands, and the document paths the editor works with.
import { describe, expect, it } from "vitest";
import { MAX_PROJECT_PHOTOS } from "../../src/content-schemas.ts";
import { reasonText } from "../../src/islands/admin/site/error-text.ts";
import { LATE_MS, publishPhase, unfinishedPublish } from "../../src/islands/admin/site/publish-status.ts";
import { PROJECT_MAX_PHOTOS, holds, join, pendingIn, replaceString, write } from "../../src/islands/admin/site/spec.ts";

describe("reasonText", () => {
  it.each([
    // The schemas' own words.
    ["Invalid reviews.2.reviewText: HTML is not allowed here: write plain text", "אסור להשתמש כאן ב-HTML (תגיות כמו <b>): כתבו טקסט רגיל."],
    ["Invalid site.social.facebook: use a web address starting with https://", "צריך כתובת אינטרנט מלאה שמתחילה ב-\u2066https://\u2069"],
    ["Invalid site.phone: format (239) 555-0142", "מספר הטלפון צריך להיות במבנה \u2066(239) 555-0142\u2069"],
    ["Invalid legal.0.lastUpdated: use YYYY-MM-DD", "צריך תאריך מלא (יום, חודש ושנה)."],
    ["Invalid gallery.0.photos.1.image: no uploaded picture has this address; upload it again", "חסרה תמונה, או שהיא לא הועלתה: בחרו תמונה."],
    ["Invalid gallery.0.photos: at most 12 photos per project", "אפשר עד 12 תמונות לפרויקט."],
    // zod's words.
    ["Invalid gallery.0.photos.1.alt: Too small: expected string to have >=1 characters", "שדה חובה: הוא ריק."],
    ["Invalid services.0.seoDescription: Too small: expected string to have >=50 characters", "קצר מדי: לפחות 50 תווים."],
    ["Invalid reviews.0.shortText: Too big: expected string to have <=80 characters", "ארוך מדי: עד 80 תווים."],
    ["Invalid site.address.region: Too small: expected string to have exactly 2 characters", "צריך בדיוק 2 תווים."],
    ["Invalid site.proof.rating.value: Too big: expected number to be <=5", "המספר גדול מדי: לכל היותר 5."],
    ["Invalid site.stats.projects: Invalid input: expected number, received string", "צריך מספר."],
    ["Invalid site.areaServed: Too small: expected array to have >=1 items", "צריך לפחות 1 ברשימה."],
  ])("%s", (server, hebrew) => {
    expect(reasonText(server)).toBe(hebrew);
  });

  it("a reason it does not know is shown as the server wrote it, without the field's name", () => {
    expect(reasonText("Invalid services: each service has its own page")).toBe("each service has its own page");
  });
});

describe("publishPhase", () => {
  const job = { version: 7, since: 1_000_000 };
  it("publishing until the live site reports the version, then live (a later version too)", () => {
    expect(publishPhase(job, null, job.since + 1000)).toBe("publishing");
    expect(publishPhase(job, 6, job.since + 1000)).toBe("publishing");
    expect(publishPhase(job, 7, job.since + 1000)).toBe("live");
    expect(publishPhase(job, 8, job.since + 1000)).toBe("live");
  });
  it("late after 10 minutes without it; live still wins", () => {
    expect(publishPhase(job, 6, job.since + LATE_MS - 1)).toBe("publishing");
    expect(publishPhase(job, 6, job.since + LATE_MS)).toBe("late");
    expect(publishPhase(job, 7, job.since + LATE_MS * 2)).toBe("live");
  });
  it("a publish still under way when the panel opens is followed from when it was published", () => {
    const latest = { version: 4, publishedAt: "2026-11-26T10:00:00.000Z" };
    expect(unfinishedPublish(latest, 3)).toEqual({ version: 4, since: Date.parse(latest.publishedAt) });
    expect(unfinishedPublish(latest, 4)).toBeNull();
    // No report from the live site (none built yet): nothing to follow.
    expect(unfinishedPublish(latest, null)).toBeNull();
  });
});

describe("document paths", () => {
  it("join and write: '' is the value itself; an optional property left empty is left out", () => {
    expect(join("reviews", 2)).toBe("reviews.2");
    expect(join("reviews.2", "")).toBe("reviews.2");
    expect(write({ a: 1 }, "", "x")).toBe("x");
    expect(write({ a: 1, url: "https://x.test" }, "url", undefined, true)).toEqual({ a: 1 });
  });
  it("holds: a path holds itself and what is inside it, not a sibling that starts alike", () => {
    expect(holds("reviews.2", "reviews.2.name")).toBe(true);
    expect(holds("reviews.2", "reviews.2")).toBe(true);
    expect(holds("reviews.2", "reviews.21.name")).toBe(false);
  });
  it("pictures still uploading are found by path, and replaced where they are once stored", () => {
    const doc = { title: "Dock", image: "pending:u1", photos: [{ image: "/api/images/k", alt: "a" }, { image: "pending:u2", alt: "" }] };
    expect(pendingIn(doc, "gallery.0")).toEqual([
      { path: "gallery.0.image", value: "pending:u1" },
      { path: "gallery.0.photos.1.image", value: "pending:u2" },
    ]);
    const next = replaceString(doc, "pending:u2", "/api/images/k2") as typeof doc;
    expect(next.photos[1].image).toBe("/api/images/k2");
    // What did not change is the same object (React keeps its state).
    expect(next.photos[0]).toBe(doc.photos[0]);
    expect(replaceString(doc, "pending:u9", "x")).toBe(doc);
  });
  it("the editor's photo limit is the schema's", () => {
    expect(PROJECT_MAX_PHOTOS).toBe(MAX_PROJECT_PHOTOS);
  });
});
