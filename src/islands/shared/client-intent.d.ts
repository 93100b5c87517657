// Lets .astro files use the custom `client:intent` directive (registered in astro.config.mjs).
import "astro";

declare module "astro" {
  interface AstroClientDirectives {
    /**
     * `true`: on the first sign of use; `"idle"`: that, or once the page is idle; `"visible"`: that,
     * or once it is scrolled into view; `"companion"`: with the page's first other such island (or
     * when its page's script wakes it); `"load"`: at once. Until then what the visitor does is
     * recorded and replayed (intent-directive.ts).
     */
    "client:intent"?: boolean | "idle" | "visible" | "companion" | "load";
  }
}
