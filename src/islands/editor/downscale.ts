/**
 * Spec §5/§9: uploaded pictures are downscaled in the browser to fit 800×800 (aspect kept) and
 * re-encoded as JPEG quality 0.8, so the server only ever receives small JPEG data URLs.
 */
export const MAX_SIDE = 800;
export const JPEG_QUALITY = 0.8;
export const ACCEPTED = ".svg,.png,.jpeg,.jpg";
const ACCEPTED_TYPES = ["image/svg+xml", "image/png", "image/jpeg"];

export function isAcceptedImage(file: File): boolean {
  return ACCEPTED_TYPES.includes(file.type) || /\.(svg|png|jpe?g)$/i.test(file.name);
}

/** The size that fits inside max×max keeping the aspect ratio, never enlarged. */
export function fitWithin(width: number, height: number, max = MAX_SIDE): { width: number; height: number } {
  if (!width || !height) return { width: max, height: max };
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function loadImage(file: File): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve(img);
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error("unreadable image"));
    };
    img.src = url;
  });
}

/** Reads a picture file and answers it as a JPEG data URL no larger than 800×800. */
export async function toJpegDataUrl(file: File): Promise<string> {
  const img = await loadImage(file);
  const { width, height } = fitWithin(img.naturalWidth, img.naturalHeight);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("no canvas");
  // JPEG has no transparency: transparent PNG/SVG areas become white, not black.
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(img, 0, 0, width, height);
  return canvas.toDataURL("image/jpeg", JPEG_QUALITY);
}
