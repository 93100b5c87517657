/**
 * A lead photo as the office keeps it (issue 25, item 4): every upload is decoded and drawn again
 * by sharp (libvips), so what is stored and sent to Zoho is a picture and nothing else. Bytes that
 * do not decode (random data behind a JPEG header, a truncated file) are refused; EXIF (camera,
 * GPS: the homeowner's house), XMP, IPTC, comments and ICC profiles are dropped, after the EXIF
 * orientation has been applied to the pixels (the picture stays upright without its tag).
 *
 * Stored as JPEG whatever came in: the browser sends JPEG already (src/lib/image-downscale.ts), the
 * office and Zoho open it everywhere, and a PNG screenshot or a WebP costs no more than a photo.
 * Site pictures staff upload (functions/admin-site.ts) and product pictures from the editor
 * (src/server/products/repo.ts) go through it too, with their own size. Netlify packs Functions v2 with its file tracer
 * (node_bundler does not apply to them), which follows sharp to its native binary and libvips
 * (@img/sharp-linux-x64, installed on the Linux build) and packs them beside the bundle: ~17 MB
 * zipped. Checked with zip-it-and-ship-it, and the unzipped function loaded and ran sharp on its own.
 */
import sharp from "sharp";
import { PHOTO_JPEG_QUALITY, PHOTO_MAX_SIDE } from "../../lib/contracts/lead.ts";
import { HttpError } from "../http/errors.ts";
import { PHOTO_ERRORS } from "./photos.ts";

/** Longest side kept: the browser's own limit, so what it sends is never scaled again. */
export const STORED_MAX_SIDE = PHOTO_MAX_SIDE;
/** A little above the browser's 0.8, so the second encoding of its JPEG loses little. */
export const STORED_JPEG_QUALITY = Math.round(PHOTO_JPEG_QUALITY * 100) + 2;
/**
 * Larger pictures are refused from their header, before a pixel is decoded (a 5 MB file can
 * declare 65,535 × 65,535 pixels, and decoding 100 MP takes ~400 MB and seconds of CPU). The
 * browser sends at most PHOTO_MAX_SIDE (1600 px); 50 MP still takes a 48 MP phone's original.
 */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Formats a lead photo may be, as libvips names what it decoded. */
const DECODABLE = new Set(["jpeg", "png", "webp"]);

export interface StoredPhoto {
  bytes: Uint8Array;
  contentType: "image/jpeg";
  width: number;
  height: number;
}

/**
 * The upload decoded, turned upright, fitted within STORED_MAX_SIDE, flattened on white (JPEG has
 * no transparency) and encoded as a JPEG without any metadata. 400 with the contract's message for
 * anything libvips cannot decode as a JPEG, PNG or WebP picture (failOn 'warning': a damaged
 * file is refused, not stored half grey).
 */
export async function reencodePhoto(
  upload: Uint8Array,
  { maxSide = STORED_MAX_SIDE, quality = STORED_JPEG_QUALITY, maxPixels = MAX_INPUT_PIXELS, notPicture = PHOTO_ERRORS.notPicture as string, field = undefined as string | undefined } = {},
): Promise<StoredPhoto> {
  let image: ReturnType<typeof sharp>;
  let width: number;
  let height: number;
  try {
    // The header only: format and size, nothing decoded yet (no pixel limit on reading a header,
    // so an oversized picture gets its own answer; the decoding below keeps the limit).
    const meta = await sharp(upload, { limitInputPixels: false }).metadata();
    image = sharp(upload, { limitInputPixels: maxPixels, failOn: "warning" });
    if (!meta.format || !DECODABLE.has(meta.format)) throw new Error(`format ${meta.format}`);
    width = meta.width ?? 0;
    height = meta.height ?? 0;
  } catch {
    throw new HttpError(400, notPicture, field ? { field } : {});
  }
  if (width * height > maxPixels)
    throw new HttpError(413, `This picture is ${width} × ${height} pixels; at most ${Math.round(maxPixels / 1_000_000)} megapixels are taken.`, field ? { field } : {});
  try {
    // Without keepMetadata()/withMetadata() sharp writes no EXIF, XMP, IPTC or ICC profile (pixels are converted to sRGB).
    const out = await image
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality })
      .toBuffer({ resolveWithObject: true });
    return { bytes: new Uint8Array(out.data.buffer, out.data.byteOffset, out.data.byteLength), contentType: "image/jpeg", width: out.info.width, height: out.info.height };
  } catch {
    throw new HttpError(400, notPicture, field ? { field } : {});
  }
}
