import type { Locator } from "@playwright/test";

/**
 * The text of an element in the order it is painted, left to right, line by line: every character
 * is measured with `Range.getClientRects()`, so a Hebrew screen that reorders mixed text (an
 * English name shown as 'Step Stainless Dock Ladder-4', a range as '$38 – $24') gives that
 * scrambled string, while `textContent` would still read as typed.
 */
export function visualText(el: Locator): Promise<string> {
  return el.evaluate((root) => {
    const glyphs: { ch: string; x: number; y: number }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = [...range.getClientRects()].find((r) => r.width > 0 || text[i] === " ");
        if (rect) glyphs.push({ ch: text[i], x: rect.left + rect.width / 2, y: Math.round(rect.top + rect.height / 2) });
      }
    }
    // Lines top to bottom (glyphs of one line share their middle within a few pixels), then left to right.
    glyphs.sort((a, b) => (Math.abs(a.y - b.y) > 4 ? a.y - b.y : a.x - b.x));
    return glyphs
      .map((g) => g.ch)
      .join("")
      .replace(/\s+/g, " ")
      .trim();
  });
}

/**
 * How many lines the element's text is painted on. Boxes whose vertical middles are closer than
 * half the smaller one's height share a line: a glyph from a fallback font (an '↻' that the main
 * font lacks) has its own top and height but sits on the same line; a wrapped line is a whole
 * line height lower.
 */
export function paintedLines(el: Locator): Promise<number> {
  return el.evaluate((root) => {
    const range = document.createRange();
    range.selectNodeContents(root);
    const boxes = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
    const lines: { middle: number; height: number }[] = [];
    for (const r of boxes) {
      const middle = r.top + r.height / 2;
      if (!lines.some((l) => Math.abs(l.middle - middle) < Math.min(l.height, r.height) / 2)) lines.push({ middle, height: r.height });
    }
    return lines.length;
  });
}
