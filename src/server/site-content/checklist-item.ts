/** One thing the launch checklist asks the office to do (checklist.ts, spanish.ts). */
export interface ChecklistItem {
  /** The back office section that holds it ("site", "reviews", …, or "accounts"). */
  section: string;
  /** Where in the document ("site.phone", "reviews.2", "gallery.0.photos.1.image"). */
  field: string;
  /** For the office. */
  he: string;
  /** For the build log. */
  en: string;
  /**
   * Can wait until after launch (issue 39): a missing or sample Spanish text (the page shows the
   * English, marked) or a rendering standing in for a photo. Everything else is fake data a
   * homeowner could take for the company's own, so it comes before launch.
   */
  later?: boolean;
}
