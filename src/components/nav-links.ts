/** Navigation entries of spec §2. `auth` says whether an entry shows signed in, signed out or always. */
export interface NavLink {
  label: string;
  href: string;
  auth: "in" | "out" | "any";
}

export const NAV_LINKS: NavLink[] = [
  { label: "Home", href: "/landing", auth: "out" },
  { label: "Home", href: "/home", auth: "in" },
  { label: "About Us", href: "/about", auth: "any" },
  { label: "Services", href: "/services", auth: "any" },
  { label: "Editor", href: "/editor", auth: "in" },
  { label: "Shop", href: "/products", auth: "any" },
  { label: "Our Work", href: "/gallery", auth: "any" },
  { label: "Contact Us", href: "/contact", auth: "any" },
];

export const FOOTER_LINKS = [
  { label: "Shop", href: "/products" },
  { label: "Services", href: "/services" },
  { label: "Get Quote", href: "/contact" },
  { label: "Privacy Policy", href: "/privacy" },
  { label: "Terms & Conditions", href: "/terms" },
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
