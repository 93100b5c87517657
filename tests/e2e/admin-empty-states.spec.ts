/**
 * Issue 39, item 7: an empty card says what will appear in it, not only that nothing is there. The
 * back office is opened with the browser's clock in June 2019, before any lead, visit or measure
 * this server holds, so every report of the period and the visits calendar are really empty (the
 * server answers them; nothing is faked). A search that finds no lead says how to widen it
 * (admin-leads-triage.spec.ts).
 */
import { expect, test } from "@playwright/test";
import { apiSignIn, rememberSession } from "./auth-helpers.ts";

const EMPTY = {
  "report-sources": "תופיע כאן שורה לכל מקור",
  "report-weekly": "יופיעו כאן לכל שבוע עמודות",
  "report-services": "תופיע כאן שורה לכל שירות או מוצר",
  "report-speed": "יופיע כאן לכל שבוע כמה זמן עבר עד הטיפול הראשון",
  "report-languages": "תופיע כאן שורה לאתר באנגלית ושורה לאתר בספרדית",
  "report-money": "רושמים סכום כשמסמנים פנייה",
  "report-visits": "יופיע כאן כמה ביקורים בוצעו",
};

test("reports of a period with no leads say, card by card, what will appear there", async ({ page, request }) => {
  const session = await apiSignIn(request, "admin@example.com", "demo-admin-password");
  await rememberSession(page, session, { consent: "essential" });
  await page.clock.setFixedTime(new Date("2019-06-15T12:00:00"));
  await page.goto("/admin#reports");
  await page.getByTestId("report-period").selectOption("custom");
  await expect(page.getByTestId("report-range")).toHaveText("פניות שהגיעו מ-17.05.2019 עד 15.06.2019 (כולל)");
  for (const [card, says] of Object.entries(EMPTY)) {
    await expect(page.getByTestId(card).getByText(says), card).toBeVisible();
  }
});


test("the visits calendar's list with nothing ahead says where visits come from", async ({ page, request }) => {
  const session = await apiSignIn(request, "admin@example.com", "demo-admin-password");
  await rememberSession(page, session, { consent: "essential" });
  await page.clock.setFixedTime(new Date("2019-06-15T12:00:00"));
  await page.goto("/admin#calendar");
  await page.getByTestId("calendar-view-list").click();
  await expect(page.getByTestId("calendar-list-empty")).toHaveText(
    "אין ביקורים ב-30 הימים הקרובים. ביקורים שלקוחות קובעים באתר (בעמוד Book a visit) ושאתם קובעים ב״קביעת ביקור״ יופיעו כאן, לפי הסדר.",
  );
});
