/** Tiny real pictures (2×2 teal) for upload tests. */
export const JPEG_B64 =
  "/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABv/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AIsAjAn/2Q==";
export const PNG_B64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWPgK5nAVzKBAUIBABv+BEmAQrXlAAAAAElFTkSuQmCC";
export const JPEG_URL = `data:image/jpeg;base64,${JPEG_B64}`;

/** A JPEG of about `bytes` bytes: the real header, then padding (the server checks type and size). */
export function jpegOfSize(bytes: number): string {
  const head = Buffer.from(JPEG_B64, "base64");
  const body = Buffer.concat([head, Buffer.alloc(Math.max(0, bytes - head.length), 0x20)]);
  return `data:image/jpeg;base64,${body.toString("base64")}`;
}

let colour = 0;
/**
 * A real picture no other test sends (its own colour). Pictures are drawn again before they are
 * stored (issue 33), so two uploads that differ only in padding bytes are one stored picture.
 */
export async function uniqueJpeg(): Promise<string> {
  const { default: sharp } = await import("sharp");
  const n = ++colour;
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: (n * 37) % 256, g: (n * 91) % 256, b: (n * 53 + Date.now()) % 256 } } })
    .jpeg()
    .toBuffer();
  return `data:image/jpeg;base64,${bytes.toString("base64")}`;
}

