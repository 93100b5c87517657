import type { UiStrings } from "../lib/i18n/ui.ts";

/**
 * Navigation entries of spec §2. `auth` says whether an entry shows signed in, signed out or always;
 * `key` names its words in the page's language (src/lib/i18n/ui.ts), `label` is the English.
 */
export interface NavLink {
  label: string;
  key: keyof UiStrings["nav"];
  href: string;
  auth: "in" | "out" | "any";
}

export const NAV_LINKS: NavLink[] = [
  { label: "Home", key: "home", href: "/landing", auth: "out" },
  { label: "Home", key: "home", href: "/home", auth: "in" },
  { label: "About Us", key: "about", href: "/about", auth: "any" },
  { label: "Services", key: "services", href: "/services", auth: "any" },
  { label: "Editor", key: "editor", href: "/editor", auth: "in" },
  { label: "Shop", key: "shop", href: "/products", auth: "any" },
  { label: "Our Work", key: "work", href: "/gallery", auth: "any" },
  { label: "Contact Us", key: "contact", href: "/contact", auth: "any" },
];

export const FOOTER_LINKS: { label: string; key: keyof UiStrings["footer"]["links"]; href: string }[] = [
  { label: "Shop", key: "shop", href: "/products" },
  { label: "Services", key: "services", href: "/services" },
  { label: "Get Quote", key: "quote", href: "/contact" },
  { label: "Cost Estimator", key: "estimator", href: "/estimate" },
  { label: "Privacy Policy", key: "privacy", href: "/privacy" },
  { label: "Terms & Conditions", key: "terms", href: "/terms" },
];

const trim = (p: string) => p.replace(/\/+$/, "") || "/";

/** Whether `href` is the page being shown: / counts as /landing, and a section owns its sub-pages. */
export function isCurrent(pathname: string, href: string): boolean {
  const path = trim(pathname);
  const target = trim(href);
  if (target === "/landing") return path === "/" || path === "/landing";
  return path === target || path.startsWith(`${target}/`);
}

/** Scroll distance after which scrolling down hides the bar (spec §9: 500 px). */
export const NAV_HIDE_AFTER = 500;

/** The bar hides when scrolling down past 500 px and comes back on any scroll up. */
export function navHidden(previousY: number, y: number, hidden: boolean): boolean {
  if (y <= 0) return false;
  if (y > previousY && y > NAV_HIDE_AFTER) return true;
  if (y < previousY) return false;
  return hidden;
}
