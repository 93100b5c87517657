// Size maths and file sniffing of the browser downscaler (issue 13; the editor's 800 px too).
import { describe, expect, it } from "vitest";
import { fitWithin, planPhoto, sniff } from "../../src/lib/image-downscale.ts";
import { fitWithin as editorFit, MAX_SIDE } from "../../src/islands/editor/downscale.ts";
import { PHOTO_MAX_BYTES, PHOTO_MAX_SIDE } from "../../src/lib/contracts/lead.ts";

const bytes = (...b: number[]) => new Uint8Array([...b, ...new Array(32).fill(0)]);
const ascii = (s: string, at = 0) => {
  const a = new Uint8Array(64);
  a.set(
    [...s].map((c) => c.charCodeAt(0)),
    at,
  );
  return a;
};

describe("fitting a picture", () => {
  it("keeps the aspect ratio, the longest side at most the limit, and never enlarges", () => {
    expect(fitWithin(4032, 3024, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032, 1600)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(1600, 900, 1600)).toEqual({ width: 1600, height: 900 });
    expect(fitWithin(640, 480, 1600)).toEqual({ width: 640, height: 480 });
    expect(fitWithin(10000, 3, 1600)).toEqual({ width: 1600, height: 1 });
    expect(fitWithin(0, 0, 1600)).toEqual({ width: 1600, height: 1600 });
  });

  it("the product editor still fits 800 px", () => {
    expect(MAX_SIDE).toBe(800);
    expect(editorFit(4032, 3024)).toEqual({ width: 800, height: 600 });
  });
});

describe("planning a lead photo", () => {
  const plan = (width: number, height: number, type: Parameters<typeof planPhoto>[0]["type"], size: number) => planPhoto({ width, height, type, bytes: size }, PHOTO_MAX_SIDE, PHOTO_MAX_BYTES);

  it("keeps a small JPEG as it is", () => {
    expect(plan(1200, 900, "jpeg", 400_000)).toEqual({ keep: true, width: 1200, height: 900 });
  });

  it("redraws a large JPEG, a small PNG or WebP, and a small but heavy JPEG", () => {
    expect(plan(4032, 3024, "jpeg", 3_000_000)).toEqual({ keep: false, width: 1600, height: 1200 });
    expect(plan(800, 600, "png", 100_000)).toEqual({ keep: false, width: 800, height: 600 });
    expect(plan(800, 600, "webp", 100_000)).toEqual({ keep: false, width: 800, height: 600 });
    expect(plan(1600, 1600, "jpeg", PHOTO_MAX_BYTES + 1).keep).toBe(false);
  });
});

describe("sniffing a file's first bytes", () => {
  it("knows the pictures and a PDF dressed as one", () => {
    expect(sniff(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("jpeg");
    expect(sniff(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe("png");
    const webp = ascii("RIFF");
    webp.set(ascii("WEBP").slice(0, 4), 8);
    expect(sniff(webp)).toBe("webp");
    expect(sniff(ascii("GIF89a"))).toBe("gif");
    expect(sniff(ascii("%PDF-1.7"))).toBe("pdf");
    const heic = ascii("ftypheic", 4);
    expect(sniff(heic)).toBe("heic");
    expect(sniff(ascii("ftypavif", 4))).toBe("avif");
    expect(sniff(new TextEncoder().encode('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe("svg");
    expect(sniff(new TextEncoder().encode("hello, world"))).toBe("unknown");
    expect(sniff(new Uint8Array())).toBe("unknown");
  });
});
