/**
 * Spec §5/§9: uploaded pictures are downscaled in the browser to fit 800×800 (aspect kept) and
 * re-encoded as JPEG quality 0.8, so the server only ever receives small JPEG data URLs. The
 * drawing itself is shared with the quote form's photos (src/lib/image-downscale.ts).
 */
import { fitWithin as fit, toJpegDataUrl as toDataUrl } from "../../lib/image-downscale.ts";

export const MAX_SIDE = 800;
export const JPEG_QUALITY = 0.8;
export const ACCEPTED = ".svg,.png,.jpeg,.jpg";
const ACCEPTED_TYPES = ["image/svg+xml", "image/png", "image/jpeg"];

export function isAcceptedImage(file: File): boolean {
  return ACCEPTED_TYPES.includes(file.type) || /\.(svg|png|jpe?g)$/i.test(file.name);
}

/** The size that fits inside max×max keeping the aspect ratio, never enlarged. */
export function fitWithin(width: number, height: number, max = MAX_SIDE): { width: number; height: number } {
  return fit(width, height, max);
}

/** Reads a picture file and answers it as a JPEG data URL no larger than 800×800. */
export function toJpegDataUrl(file: File): Promise<string> {
  return toDataUrl(file, MAX_SIDE, JPEG_QUALITY);
}
