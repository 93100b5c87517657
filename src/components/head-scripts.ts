/**
 * The only inline scripts of the site. They must run before first paint (theme, signed-in
 * navigation, consent banner, landing redirect), so they cannot be deferred modules; the layout
 * registers their SHA-256 hashes with Astro's CSP so no 'unsafe-inline' is needed.
 */
import { createHash } from "node:crypto";
import { ENTRY_ROUTES, returnPath } from "../lib/same-origin-path.ts";
import { LANGUAGE_KEY } from "../lib/i18n/locales.ts";

/** Marks the document before paint: js, dark theme, signed-in entries, consent still needed. */
export const BOOT_SCRIPT =
  '(function(d,s){try{d.classList.add("js");if(s.getItem("theme")==="dark")d.classList.add("dark");' +
  'if(s.getItem("token"))d.classList.add("signed-in");if(!s.getItem("consent"))d.classList.add("needs-consent")}' +
  "catch(e){}})(document.documentElement,localStorage)";

/**
 * Landing page (spec §2): a signed-in visitor goes to the stored current route, or to /home when
 * that route is empty, /login, /landing or / (or not a same-site path).
 *
 * A token whose own `exp` has passed is not a signed-in visitor (issue 25, decision 12): sending
 * them on would bounce the landing page through /home to /login. Only a readable, past `exp`
 * counts; the server stays the judge of every other token (a wrong clock then at worst shows the
 * landing page).
 */
export const LANDING_REDIRECT_SCRIPT =
  '(function(d,s,l,f){try{var t=s.getItem("token");if(!t)return;' +
  'try{var x=JSON.parse(atob(t.split(".")[1].replace(/-/g,"+").replace(/_/g,"/"))).exp;if(typeof x==="number"&&x*1e3<=Date.now())return}catch(e){}' +
  // The stored route, by the site's one return rule (src/lib/same-origin-path.ts), its own code.
  `var r=f(s.getItem("currentRoute"),l.origin,${JSON.stringify(ENTRY_ROUTES)})||"/home";` +
  `d.classList.add("redirecting");l.replace(r)}catch(e){}})(document.documentElement,localStorage,location,${returnPath.toString()})`;

/**
 * The visitor's choice of language (issue 37): a click on the language switcher
 * (`a[data-lang-switch]`) keeps its language in localStorage `lang`, and a later visit to a page in
 * the other language goes to the same page in the chosen one, by the page's own hreflang link
 * (this script follows them in the head). Nothing happens before a choice: no redirect on a first
 * visit, whatever the browser's languages. Registered here, not in a deferred module, so a click
 * made before the page's scripts have loaded is remembered too.
 */
export const LANGUAGE_SCRIPT =
  '(function(d,s,l){try{d.addEventListener("click",function(e){var a=e.target&&e.target.closest&&e.target.closest("a[data-lang-switch]");' +
  `if(a)try{s.setItem(${JSON.stringify(LANGUAGE_KEY)},a.getAttribute("hreflang"))}catch(x){}},true);` +
  `var c=s.getItem(${JSON.stringify(LANGUAGE_KEY)}),r=d.documentElement;if((c!=="en"&&c!=="es")||c===r.lang||r.classList.contains("redirecting"))return;` +
  'var a=d.querySelector(\'link[rel=alternate][hreflang="\'+c+\'"]\');if(a){var u=new URL(a.href);if(u.pathname!==l.pathname){r.classList.add("redirecting");l.replace(u.pathname+l.search+l.hash)}}}' +
  "catch(e){}})(document,localStorage,location)";

/** CSP source expression for an inline script body. */
export function cspHash(code: string): `sha256-${string}` {
  return `sha256-${createHash("sha256").update(code, "utf8").digest("base64")}`;
}
