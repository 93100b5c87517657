/**
 * The about page's sample team portraits (drawn, not photographs: the people are made up) and the
 * sample seawall project's "before" picture (the seawalls rendering with its wall drawn cracked and
 * stained). Our own artwork, CC0.   node content/artwork/team.ts
 */
import { mkdirSync } from "node:fs";
import sharp from "sharp";
import { portrait, type PortraitLook } from "./marks.ts";

const root = new URL("../", import.meta.url).pathname;
const people: Record<string, PortraitLook> = {
  "sample-owner": { skin: "#e0b08a", hair: "#6b4a2b", shirt: "#0b5f77", bg: "#cfe8ef", style: "bald-beard" },
  "sample-manager": { skin: "#8d5a3b", hair: "#1f1a17", shirt: "#b45309", bg: "#f3e3c8", style: "long" },
  "sample-foreman": { skin: "#c68a5e", hair: "#0e7490", shirt: "#334155", bg: "#d9e7d3", style: "cap" },
  "sample-office": { skin: "#f0c8a8", hair: "#a0522d", shirt: "#0a4d61", bg: "#e6dcf0", style: "short" },
};
mkdirSync(root + "images/team", { recursive: true });
for (const [name, look] of Object.entries(people)) {
  await sharp(Buffer.from(portrait(look))).resize(480, 480).png({ compressionLevel: 9, palette: true }).toFile(`${root}images/team/${name}.png`);
}

// "Before": the finished seawall's rendering, duller, its cap and face drawn cracked and stained.
const src = sharp(root + "images/services/seawalls.jpg");
const { width = 1200, height = 800 } = await src.metadata();
const cracks = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">
  <rect width="${width}" height="${height}" fill="#5b5236" opacity=".18"/>
  <g stroke="#2b2416" stroke-width="5" fill="none" stroke-linecap="round" stroke-linejoin="round" opacity=".9">
    <path d="M90 384 L112 410 L100 436 L124 462"/><path d="M300 382 L290 404 L318 428 L306 458"/>
    <path d="M520 380 L540 402 L528 430 L552 456"/><path d="M660 384 L650 410 L672 436"/>
  </g>
  <g fill="#3d3522" opacity=".3"><rect x="0" y="380" width="720" height="16"/><ellipse cx="200" cy="430" rx="110" ry="18"/><ellipse cx="460" cy="440" rx="120" ry="16"/></g>
</svg>`;
await src.modulate({ saturation: 0.55, brightness: 0.9 }).composite([{ input: Buffer.from(cracks) }]).jpeg({ quality: 82, mozjpeg: true }).toFile(root + "images/gallery/seawall-before.jpg");
console.log("team portraits and the seawall's before picture written");
