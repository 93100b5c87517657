/**
 * Where a homeowner checks a contractor's license (issue 39): the State of Florida's public license
 * search (Department of Business and Professional Regulation). The address is the state's own and
 * takes no license number, so the link opens the search and the number is shown beside it.
 */
import { getEntry } from "astro:content";

export const FLORIDA_LICENSE_LOOKUP = "https://www.myfloridalicense.com/wl11.asp";

/**
 * Whether the live site still shows the seed's sample value of `field` ("site.proof.licenses"): the
 * launch checklist the build read (src/server/site-content/checklist.ts) lists it while it is.
 */
export async function stillSample(field: string): Promise<boolean> {
  const published = await getEntry("published", "published");
  return !!published?.data.checklist.some((line) => line.startsWith(`${field} is still the sample value`));
}
