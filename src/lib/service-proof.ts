/**
 * What a service page shows as its proof (issue 39), decided once for the built page
 * (src/components/ServiceWork.astro) and the Site tab's draft preview, so the two cannot disagree.
 */

/** The homeowners' questions a service page answers, in the order it shows them. */
export const ANSWER_KEYS = ["permits", "lifespan", "costs"] as const;

/** The questions the office has answered for this service (an empty answer is not shown). */
export function writtenAnswers(answers: object | undefined) {
  const written = answers as Partial<Record<(typeof ANSWER_KEYS)[number], unknown>> | undefined;
  return ANSWER_KEYS.filter((k) => typeof written?.[k] === "string" && written[k] !== "");
}

/** Whether a project can be shown as the page's before/after: it has a "before" picture and its description. */
export function hasBeforeAfter(project: object): boolean {
  const p = project as { beforeImage?: unknown; beforeAlt?: unknown };
  return !!(p.beforeImage && p.beforeAlt);
}
