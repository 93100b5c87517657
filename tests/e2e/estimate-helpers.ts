/** What the estimator's browser tests share (issue 36). */
import type { Page } from "@playwright/test";
import { hydrated } from "./marketing-helpers";

/** The example: a seawall of 120 ft, by barge, on a salt canal in Cape Coral. */
export async function answerSeawall120ByBarge(page: Page) {
  await hydrated(page, "#estimator");
  const form = page.getByRole("form", { name: "Your project" });
  await form.getByRole("radio", { name: "Seawall: new or replacement" }).check();
  await form.getByRole("radio", { name: "A new seawall" }).check();
  await form.getByRole("textbox", { name: "Length of wall (ft)" }).fill("120");
  await form.getByRole("radio", { name: "Concrete panels" }).check();
  await form.getByRole("radio", { name: "A Cape Coral canal" }).check();
  await form.getByRole("radio", { name: "Salt water" }).check();
  await form.getByRole("radio", { name: /By barge/ }).check();
}
