/**
 * The page's language inside an island (issue 37): the island's top component provides it (its
 * `lang` prop, from the page), and the shared parts (fields, the photo dropzone, the texting
 * consent, the error boundary) read it. English when nothing provides it.
 */
import { createContext, useContext } from "react";
import type { Locale } from "../../lib/i18n/locales.ts";
import { formStrings } from "../../lib/i18n/forms.ts";

export const LocaleContext = createContext<Locale>("en");

/** The island's language and the forms' words in it. */
export function useLocale() {
  const locale = useContext(LocaleContext);
  return { locale, t: formStrings(locale) };
}
