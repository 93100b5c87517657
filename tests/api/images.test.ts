import { beforeAll, describe, expect, it } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { JPEG_B64 } from "./products-fixtures.ts";
import images from "../../functions/images.ts";
import { putImage } from "../../src/server/images/store.ts";

const db = useTestDb();
let jpegKey: string;
let svgKey: string;

beforeAll(async () => {
  jpegKey = await putImage(db(), Buffer.from(JPEG_B64, "base64"), "image/jpeg");
  svgKey = await putImage(db(), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), "image/svg+xml");
});

const get = (key: string, headers: Record<string, string> = {}) =>
  call(images, "GET", `/api/images/${key}`, { params: { key }, headers });

describe("GET /api/images/{key}", () => {
  it("serves the stored bytes with their type and a year of immutable caching", async () => {
    const res = await images(new Request(`http://x/api/images/${jpegKey}`), { params: { key: jpegKey } } as never);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(JPEG_B64, "base64"))).toBe(true);
  });

  it("serves SVG so that it can never run script", async () => {
    const r = await get(svgKey);
    expect(r.headers.get("content-type")).toBe("image/svg+xml");
    expect(r.headers.get("content-security-policy")).toContain("sandbox");
  });

  it("answers 304 to a browser that already has it", async () => {
    expect((await get(jpegKey, { "if-none-match": `"${jpegKey}"` })).status).toBe(304);
  });

  it.each([["an unknown key", "B".repeat(43)], ["a malformed key", "../../etc/passwd"], ["an empty key", ""]])("answers 404 for %s", async (_c, key) => {
    const r = await get(key);
    expect(r.status).toBe(404);
    expect(r.json.status).toBe(false);
  });
});
