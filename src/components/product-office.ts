/**
 * What a product page's island needs from the company's published content (issue 39): the office's
 * phone and hours (the inquiry's confirmation says by when it answers) and the statement of what a
 * price covers, in the page's language (`lang="en"` when its Spanish is not written yet).
 */
import { getEntry } from "astro:content";
import { TRANSLATABLE, langOf, localize } from "../lib/contracts/translations";
import type { ProductOffice } from "../islands/catalogue/InquiryForm";
import type { Locale } from "../lib/i18n/locales";

export async function productOffice(locale: Locale): Promise<ProductOffice> {
  const l = localize((await getEntry("site", "site"))!.data, locale, TRANSLATABLE.site);
  const { phone, hours, catalogue } = l.data;
  return {
    phone,
    hours: { days: hours.days, opens: hours.opens, closes: hours.closes },
    installation: catalogue.installation,
    installationLang: langOf(l, "catalogue.installation"),
  };
}
