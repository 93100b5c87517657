// Lets .astro files use the custom `client:intent` directive (registered in astro.config.mjs).
import "astro";

declare module "astro" {
  interface AstroClientDirectives {
    /**
     * `true`: on the first sign of use; `"idle"`: that, or once the page is idle; `"load"`: at once.
     * Until then what the visitor does is recorded and replayed (intent-directive.ts).
     */
    "client:intent"?: boolean | "idle" | "load";
  }
}
