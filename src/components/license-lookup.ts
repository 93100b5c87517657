/**
 * Where a homeowner checks a contractor's license (issue 39): the State of Florida's public license
 * search (Department of Business and Professional Regulation) unless the license names its own
 * page. The state's address takes no license number, so the link opens the search and the number
 * is shown beside it.
 */
import { getEntry } from "astro:content";

export const FLORIDA_LICENSE_LOOKUP = "https://www.myfloridalicense.com/wl11.asp";

/**
 * Where this license is checked: its own `lookup` (a county's page, say, written in the Site tab),
 * else the state's search. Lee County stopped issuing local licenses in 2023 (Florida's HB 735);
 * the few it renews (Ordinance 23-09) are checked with the county, not the state.
 */
export const licenseLookup = (license: { lookup?: string }) => license.lookup || FLORIDA_LICENSE_LOOKUP;

/**
 * Whether the live site still shows the seed's sample value of `field` ("site.proof.licenses"): the
 * launch checklist the build read (src/server/site-content/checklist.ts) lists it while it is.
 */
export async function stillSample(field: string): Promise<boolean> {
  const published = await getEntry("published", "published");
  return !!published?.data.checklist.some((line) => line.startsWith(`${field} is still the sample value`));
}
