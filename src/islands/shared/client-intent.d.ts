// Lets .astro files use the custom `client:intent` directive (registered in astro.config.mjs).
import "astro";

declare module "astro" {
  interface AstroClientDirectives {
    "client:intent"?: boolean;
  }
}
