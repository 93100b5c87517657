// Issue 38: a drawing a page repeats (icons, the logo) is sent once, in a sprite at the top of <body>.
import { describe, expect, it } from "vitest";
import { spriteRepeatedSvg } from "../../src/lib/svg-sprite";

const phone = (cls: string) => `<svg viewBox="0 0 24 24" aria-hidden="true" data-sprite="phone" class="${cls}"><path d="M3 5z"></path></svg>`;
const mail = `<svg viewBox="0 0 24 24" aria-hidden="true" data-sprite="mail" class="icon"><path d="M3 6h18"></path></svg>`;
const logo = (cls: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" aria-hidden="true" focusable="false" data-sprite="logo" class="${cls}"><circle cx="24" cy="24" r="23" fill="#0a4d61"></circle></svg>`;
const page = (body: string) => `<!DOCTYPE html><html><head><title>t</title></head><body class="x">${body}</body></html>`;

describe("spriteRepeatedSvg", () => {
  it("draws a repeated icon once and points every copy at it, each keeping its own class", () => {
    const out = spriteRepeatedSvg(page(`<a>${phone("icon size-5")}</a><p>${phone("icon size-4")}</p>${mail}`));
    expect(out.match(/<path d="M3 5z">/g)).toHaveLength(1);
    expect(out).toContain('<body class="x"><svg aria-hidden="true" focusable="false" class="sr-only"><symbol id="s-phone" viewBox="0 0 24 24"><path d="M3 5z"></path></symbol></svg>');
    expect(out).toContain('<a><svg viewBox="0 0 24 24" aria-hidden="true" class="icon size-5"><use href="#s-phone"></use></svg></a>');
    expect(out).toContain('<p><svg viewBox="0 0 24 24" aria-hidden="true" class="icon size-4"><use href="#s-phone"></use></svg></p>');
    // Shown once: stays inline, and the marker goes.
    expect(out).toContain('<svg viewBox="0 0 24 24" aria-hidden="true" class="icon"><path d="M3 6h18"></path></svg>');
    expect(out).not.toContain("data-sprite");
  });

  it("keeps each drawing's own viewBox (the logo is 48 wide)", () => {
    const out = spriteRepeatedSvg(page(logo("size-9") + logo("size-10")));
    expect(out).toContain('<symbol id="s-logo" viewBox="0 0 48 48"><circle');
    expect(out.match(/<use href="#s-logo"><\/use>/g)).toHaveLength(2);
  });

  it("never hides the sprite with display: none or the hidden attribute (copies of a hidden symbol can go blank)", () => {
    const out = spriteRepeatedSvg(page(phone("a") + phone("b")));
    const sprite = /<svg[^>]*><symbol/.exec(out)![0];
    expect(sprite).not.toMatch(/hidden(?!=)|display|style=/);
    expect(sprite).toContain('class="sr-only"');
  });

  it("leaves a page without repeats as it was, but for the markers", () => {
    expect(spriteRepeatedSvg(page(mail))).toBe(page(mail.replace(' data-sprite="mail"', "")));
    expect(spriteRepeatedSvg(page("<p>no drawings</p>"))).toBe(page("<p>no drawings</p>"));
  });

  it("keeps two different drawings under one name inline rather than show the first for both", () => {
    const other = phone("c").replace("M3 5z", "M9 9z");
    const out = spriteRepeatedSvg(page(phone("a") + other));
    expect(out).not.toContain("<symbol");
    expect(out).toContain('<path d="M3 5z">');
    expect(out).toContain('<path d="M9 9z">');
  });

  it("keeps drawings inline in a fragment without <body> (nothing to point at)", () => {
    const out = spriteRepeatedSvg(phone("a") + phone("b"));
    expect(out).not.toContain("<use");
    expect(out.match(/<path d="M3 5z">/g)).toHaveLength(2);
  });
});
