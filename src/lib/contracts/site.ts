/**
 * The back office's Site section and its API agree on these (issue 27): the browser fits a picture
 * within SITE_PICTURE_MAX_SIDE before it uploads it, the server refuses more than SITE_PICTURE_MAX_BYTES
 * and draws it again at that size without its metadata (camera, GPS).
 */
export const SITE_PICTURE_MAX_SIDE = 2400;
export const SITE_PICTURE_MAX_BYTES = 6 * 1024 * 1024;
export const SITE_PICTURE_JPEG_QUALITY = 84;
/** A section's JSON body at most (the services' long texts are the largest, ~30 KB). */
export const SITE_SECTION_MAX_BYTES = 512 * 1024;
/** The sections the back office saves one at a time. */
export const SITE_SECTIONS = ["site", "about", "services", "reviews", "gallery", "legal"] as const;
export type SiteSection = (typeof SITE_SECTIONS)[number];
/** The build publishes the content version it was made from here; the back office polls it after "Publish". */
export const CONTENT_VERSION_PATH = "/content-version.json";
