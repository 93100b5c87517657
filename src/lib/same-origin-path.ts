/**
 * A return address the site may send a visitor to: `raw` parsed as a URL against the site's own
 * origin, used only when it stays on that origin. Browsers drop tabs and newlines from URLs and
 * read `\` as `/`, so a prefix check on the text is not enough: `/\t/evil.example` and
 * `/\evil.example` both become `//evil.example`, another site. Returns the path, query and hash of
 * the parsed URL (what the browser would really open), or null.
 */
export function sameOriginPath(raw: string | null | undefined, origin: string): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  return url.pathname + url.search + url.hash;
}
