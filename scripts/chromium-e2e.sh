#!/bin/sh
# Debian's Chromium for the browser tests (playwright.config.ts uses it when Playwright's own
# Chromium is not installed), with the browser's omnibox popups switched off.
#
# Headless, this Chromium still builds the address bar's popup for every window, that is for every
# browser context a test opens: two pages of the browser's own interface
# (chrome://omnibox-popup.top-chrome), each in a renderer of its own. They cost more CPU than the
# pages under test (12.8 s of 29 s for 24 page loads, measured on two cores), and nothing in a
# headless test ever shows them. The pages are rendered exactly as before.
#
# Playwright passes one --disable-features list and Chromium keeps only the last one given, so the
# two features are added to Playwright's list rather than passed as a second one.
features="WebUIOmniboxPopup,WebUIOmniboxAimPopup"
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
found=""
for arg do
  shift
  case "$arg" in
    --disable-features=*) arg="$arg,$features" found=1 ;;
  esac
  set -- "$@" "$arg"
done
[ -n "$found" ] || set -- "$@" "--disable-features=$features"
exec "$browser" "$@"
