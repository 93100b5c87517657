/**
 * Which reviews the strip shows (1-based, first and last), from each card's left edge and width
 * and the strip's scroll position and width: a card counts when at least half of it is in view.
 */
export function shownRange(cards: [left: number, width: number][], scrollLeft: number, viewWidth: number): [number, number] {
  if (!cards.length) return [0, 0];
  const seen = cards.flatMap(([left, width], i) => {
    const visible = Math.min(left + width, scrollLeft + viewWidth) - Math.max(left, scrollLeft);
    return visible >= width / 2 ? [i + 1] : [];
  });
  if (!seen.length) return [1, 1];
  return [seen[0]!, seen[seen.length - 1]!];
}
