/**
 * Pictures are downscaled in the browser before they are sent: the product editor's to fit 800×800
 * as a JPEG data URL (spec §5/§9), a quote request's photos to a longest side of 1600 px as JPEG
 * blobs (issue 13). The size maths are pure (and unit-tested); decoding and encoding need a canvas.
 */

/** The size that fits inside max×max keeping the aspect ratio, never enlarged. */
export function fitWithin(width: number, height: number, max: number): { width: number; height: number } {
  if (!width || !height) return { width: max, height: max };
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** What the first bytes of a file say it is (never trust the name or the browser's guess). */
export type Sniffed = "jpeg" | "png" | "webp" | "gif" | "svg" | "heic" | "avif" | "pdf" | "unknown";

export function sniff(bytes: Uint8Array): Sniffed {
  const at = (i: number, ...b: number[]) => b.every((v, k) => bytes[i + k] === v);
  const ascii = (i: number, s: string) => at(i, ...[...s].map((c) => c.charCodeAt(0)));
  if (at(0, 0xff, 0xd8, 0xff)) return "jpeg";
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (ascii(0, "RIFF") && ascii(8, "WEBP")) return "webp";
  if (ascii(0, "GIF8")) return "gif";
  if (ascii(0, "%PDF")) return "pdf";
  if (ascii(4, "ftyp")) {
    const brand = String.fromCharCode(...bytes.slice(8, 12));
    if (/^avi[fs]$/.test(brand)) return "avif";
    if (/^(heic|heix|hevc|heim|heis|mif1|msf1)$/.test(brand)) return "heic";
  }
  const head = new TextDecoder().decode(bytes.slice(0, 256)).trimStart().toLowerCase();
  if (head.startsWith("<svg") || (head.startsWith("<?xml") && head.includes("<svg"))) return "svg";
  return "unknown";
}

export interface PhotoPlan {
  /** Send the file as it is: already a JPEG, small enough on both counts. */
  keep: boolean;
  width: number;
  height: number;
}

/**
 * How a lead photo is sent: a JPEG whose longest side is within `maxSide` and whose size is within
 * `keepBytes` goes as it is (no second lossy encoding); anything else is redrawn to fit and
 * encoded as JPEG.
 */
export function planPhoto(p: { width: number; height: number; type: Sniffed; bytes: number }, maxSide: number, keepBytes: number): PhotoPlan {
  const size = fitWithin(p.width, p.height, maxSide);
  const fits = size.width === p.width && size.height === p.height;
  return { keep: fits && p.type === "jpeg" && p.bytes <= keepBytes, ...size };
}

type Drawable = { source: CanvasImageSource; width: number; height: number; close(): void };

/** Decodes a picture (EXIF rotation applied), or throws when the browser cannot read it. */
export async function decode(blob: Blob): Promise<Drawable> {
  if (typeof createImageBitmap === "function") {
    try {
      const bmp = await createImageBitmap(blob, { imageOrientation: "from-image" });
      return { source: bmp, width: bmp.width, height: bmp.height, close: () => bmp.close() };
    } catch {
      // Some browsers cannot make a bitmap of an SVG: try an <img> below.
    }
  }
  const url = URL.createObjectURL(blob);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return { source: img, width: img.naturalWidth, height: img.naturalHeight, close: () => {} };
  } catch {
    throw new Error("unreadable image");
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Draws a decoded picture at width×height on a white ground (JPEG has no transparency). */
export function draw(d: Drawable, width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("no canvas");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, width, height);
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(d.source, 0, 0, width, height);
  return canvas;
}

export function canvasToJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("could not encode"))), "image/jpeg", quality));
}

/** Reads a picture file and answers it as a JPEG data URL that fits max×max (the product editor). */
export async function toJpegDataUrl(file: Blob, max: number, quality: number): Promise<string> {
  const d = await decode(file);
  try {
    const { width, height } = fitWithin(d.width, d.height, max);
    return draw(d, width, height).toDataURL("image/jpeg", quality);
  } finally {
    d.close();
  }
}

/** A picture the quote form cannot send, with the reason in plain words. */
export class PhotoProblem extends Error {}

/** Larger than this, a file is not even read (a phone photo is 2-12 MB; a 20 MB one is read and shrunk). */
export const PHOTO_READ_MAX_BYTES = 60 * 1024 * 1024;

/**
 * A lead photo ready to send (issue 13): checked by its first bytes (a PDF renamed .jpg is not a
 * picture), decoded (or refused in plain words), and downscaled to fit maxSide×maxSide as a JPEG of
 * `quality`, unless it is a JPEG that already fits (kept as it is). Throws PhotoProblem.
 */
export async function prepareLeadPhoto(file: File, opts: { maxSide: number; quality: number; maxBytes: number }): Promise<Blob> {
  const name = `“${file.name || "photo"}”`;
  if (file.size > PHOTO_READ_MAX_BYTES) throw new PhotoProblem(`${name} is too large to use (over ${PHOTO_READ_MAX_BYTES / 1024 / 1024} MB). Please choose a smaller photo.`);
  const head = new Uint8Array(await file.slice(0, 512).arrayBuffer());
  const type = sniff(head);
  const notPicture = `${name} is not a picture. Please choose a JPG, PNG or WebP photo.`;
  if (type === "pdf" || (type === "unknown" && !file.type.startsWith("image/"))) throw new PhotoProblem(notPicture);
  let d: Drawable;
  try {
    d = await decode(file);
  } catch {
    throw new PhotoProblem(type === "unknown" ? notPicture : `We could not read ${name} as a picture. Please choose a JPG, PNG or WebP photo.`);
  }
  try {
    const plan = planPhoto({ width: d.width, height: d.height, type, bytes: file.size }, opts.maxSide, opts.maxBytes);
    const blob = plan.keep ? file.slice(0, file.size, "image/jpeg") : await canvasToJpeg(draw(d, plan.width, plan.height), opts.quality);
    if (blob.size > opts.maxBytes) throw new PhotoProblem(`${name} is still larger than ${opts.maxBytes / 1024 / 1024} MB after shrinking it. Please choose another photo.`);
    return blob;
  } finally {
    d.close();
  }
}
