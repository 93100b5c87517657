/**
 * The product page's "Back to all products" link: when the visitor came from the list, it goes
 * back in history, so the list returns with its search, page and scroll as they were (they live in
 * the URL and the browser's history); otherwise it simply opens the list. A plain listener on the
 * document, not React's: a built product page may never hydrate its island (issue 38), and the link
 * works the same before and after.
 */
export function listenBackToList(): void {
  document.addEventListener("click", (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const link = (e.target as Element | null)?.closest?.("a[data-back-to-list]");
    if (!(link instanceof HTMLAnchorElement)) return;
    try {
      const from = document.referrer ? new URL(document.referrer) : null;
      const list = new URL(link.href).pathname.replace(/\/$/, "");
      if (from && from.origin === location.origin && from.pathname.replace(/\/$/, "") === list && history.length > 1) {
        e.preventDefault();
        history.back();
      }
    } catch {
      /* an unreadable referrer: the link opens the list */
    }
  });
}
