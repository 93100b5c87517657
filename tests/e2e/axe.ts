import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * axe for a page, run inside it (legacy mode). These pages have no frames to merge, and the default
 * opens a second page for that merge on every run: about a second each on two cores, where a test
 * that runs axe several times came near its 30 s budget.
 */
export const axe = (page: Page) => new AxeBuilder({ page }).setLegacyMode(true);
