/**
 * Repeated inline SVG drawn once per page (issue 38). Icon.astro and Logo.astro mark their `<svg>`
 * with `data-sprite="name"`. A drawing the page shows twice or more (the phone icon in the header,
 * the bar and the footer; the logo in the header, the menu and the footer) moves into one
 * `<symbol>` at the start of `<body>`, and each copy becomes `<use href="#s-name">`. A drawing shown
 * once stays inline. The landing page carried 45 inline drawings, 6.5 KB of them repeats.
 *
 * Why a sprite of its own rather than "the first copy holds the symbol" (astro-icon's way): a first
 * copy inside something hidden (the phone menu) or removed by a script takes the others with it.
 * The sprite is never hidden with `display: none` (`sr-only` keeps it rendered but out of sight and
 * out of the layout), so every browser draws the `<use>` copies.
 */

const MARKED = /<svg\b([^>]*?) data-sprite="([A-Za-z0-9-]+)"([^>]*)>([\s\S]*?)<\/svg>/g;
const VIEW_BOX = / viewBox="([^"]*)"/;

interface Drawing {
  viewBox: string;
  inner: string;
  count: number;
}

/** The page's HTML with its repeated marked drawings moved into a sprite; others unmarked. */
export function spriteRepeatedSvg(html: string): string {
  const drawings = new Map<string, Drawing>();
  for (const [, before, name, after, inner] of html.matchAll(MARKED)) {
    const known = drawings.get(name);
    if (known) {
      // Two different drawings under one name would show the first everywhere: keep both inline.
      if (known.inner !== inner) known.count = -Infinity;
      else known.count += 1;
    } else {
      drawings.set(name, { viewBox: VIEW_BOX.exec(before + after)?.[1] ?? "0 0 24 24", inner, count: 1 });
    }
  }
  if (!drawings.size) return html;
  const hasBody = /<body\b/.test(html);
  // A page without <body> (a fragment) keeps its drawings inline rather than point at nothing.
  const inSprite = (name: string) => hasBody && drawings.get(name)!.count > 1;
  const out = html.replace(MARKED, (_all, before: string, name: string, after: string, inner: string) =>
    inSprite(name) ? `<svg${before}${after}><use href="#s-${name}"></use></svg>` : `<svg${before}${after}>${inner}</svg>`,
  );
  const shared = [...drawings].filter(([name]) => inSprite(name));
  if (!shared.length) return out;
  const symbols = shared.map(([name, d]) => `<symbol id="s-${name}" viewBox="${d.viewBox}">${d.inner}</symbol>`).join("");
  const sprite = `<svg aria-hidden="true" focusable="false" class="sr-only">${symbols}</svg>`;
  const body = /<body\b[^>]*>/.exec(out)!;
  const at = body.index + body[0].length;
  return out.slice(0, at) + sprite + out.slice(at);
}
