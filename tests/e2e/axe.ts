import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * axe for a page, run inside it (legacy mode). These pages have no frames to merge, and the default
 * opens a second page for that merge on every run: about a second each on two cores, where a test
 * that runs axe several times came near its 30 s budget.
 *
 * It checks once the page's color transitions have ended. A test that switches the theme and runs
 * axe at once could read a header link's colour in the frame before its transition moved it: the
 * light theme's dark text on the dark header (a contrast failure on /es/book in one of three CI runs,
 * by timing alone; with reduced motion the transition lasts 0.01 ms but starts on the next frame).
 */
class SettledAxe extends AxeBuilder {
  constructor(private readonly checked: Page) {
    super({ page: checked });
    this.setLegacyMode(true);
  }

  override async analyze() {
    await this.checked.waitForFunction(() => !document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === "running"));
    return super.analyze();
  }
}

export const axe = (page: Page) => new SettledAxe(page);
