/**
 * The only inline scripts of the site. They must run before first paint (theme, signed-in
 * navigation, consent banner, landing redirect), so they cannot be deferred modules; the layout
 * registers their SHA-256 hashes with Astro's CSP so no 'unsafe-inline' is needed.
 */
import { createHash } from "node:crypto";
import { ENTRY_ROUTES, returnPath } from "../lib/same-origin-path.ts";

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

/** CSP source expression for an inline script body. */
export function cspHash(code: string): `sha256-${string}` {
  return `sha256-${createHash("sha256").update(code, "utf8").digest("base64")}`;
}
