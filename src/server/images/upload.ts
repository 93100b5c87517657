/** Upload checks for pictures sent by the editor as data URLs: real type, size, well-formedness. */
import { HttpError, badRequest } from "../http/errors.ts";
import { sniffImageType, type RasterType } from "./store.ts";

/** Largest picture accepted. The browser sends at most 800×800 JPEG q0.8 (well under 400 KB). */
export const MAX_IMAGE_BYTES = 1_500_000;

/** Types uploads may carry. SVG is refused on upload (it can hold script); the browser sends JPEG. */
export const UPLOAD_TYPES: readonly RasterType[] = ["image/jpeg", "image/png", "image/webp"];

/**
 * Decodes an upload `data:image/jpeg;base64,…`: 400 when it is not a base64 image data URL, when
 * its bytes are not a picture or not the type it claims (a PNG sent as JPEG); 413 over the limit.
 */
export function decodeImageDataUrl(dataUrl: string, field = "image"): { bytes: Uint8Array; contentType: RasterType } {
  const m = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/]*={0,2})$/i.exec(dataUrl);
  if (!m) throw badRequest("Image must be a base64 data URL (data:image/jpeg;base64,…)", field);
  const claimed = m[1].toLowerCase() === "image/jpg" ? "image/jpeg" : m[1].toLowerCase();
  if (!(UPLOAD_TYPES as readonly string[]).includes(claimed)) throw badRequest("Image must be JPEG, PNG or WebP", field);
  if (m[2].length % 4 === 1) throw badRequest("Image data is not valid base64", field);
  // Size check before decoding: base64 carries 3 bytes per 4 characters.
  if (Math.floor((m[2].length * 3) / 4) > MAX_IMAGE_BYTES + 2) throw imageTooLarge(field);
  const bytes = new Uint8Array(Buffer.from(m[2], "base64"));
  if (bytes.length > MAX_IMAGE_BYTES) throw imageTooLarge(field);
  const real = sniffImageType(bytes);
  if (!real) throw badRequest("The file is not an image", field);
  if (real !== claimed) throw badRequest(`The file is ${real.slice(6).toUpperCase()}, not ${claimed.slice(6).toUpperCase()} as it claims`, field);
  return { bytes, contentType: real as RasterType };
}

function imageTooLarge(field: string) {
  return new HttpError(413, `Image is larger than ${Math.round(MAX_IMAGE_BYTES / 1000)} KB`, { field });
}
