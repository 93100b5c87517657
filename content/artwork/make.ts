/**
 * Rebuilds every picture under content/images and public/ from our SVG artwork and the freely
 * licensed Debian wallpapers named in content/CREDITS.md. Run: node content/artwork/make.ts
 * (needs Debian's plasma-workspace-wallpapers, ffmpeg; sharp comes with the project).
 */
import { mkdirSync, writeFileSync, existsSync } from "node:fs";
import { execFileSync } from "node:child_process";
import sharp from "sharp";
import { scenes } from "./scenes.ts";
import { badges, avatar, wave, ogCard } from "./marks.ts";

const root = new URL("../", import.meta.url).pathname;
const out = (p: string) => root + p;
for (const d of ["images/services", "images/gallery", "images/badges", "images/reviews", "images/site"]) mkdirSync(out(d), { recursive: true });

const WP = "/usr/share/wallpapers";
const wallpaper = (name: string, size = "1920x1080") => `${WP}/${name}/contents/images/${size}.jpg`;

// Service scenes → JPEG masters; Astro makes the AVIF/WebP sizes at build time.
for (const [slug, draw] of Object.entries(scenes)) {
  await sharp(Buffer.from(draw())).jpeg({ quality: 86, mozjpeg: true }).toFile(out(`images/services/${slug}.jpg`));
}

// Photographs: crops of the KDE wallpapers (LGPL-3 / CC-BY-SA-4.0).
const photos: [string, string, number, number][] = [
  ["BytheWater", "gallery/dock-boards-at-the-water.jpg", 1600, 1067],
  ["ColdRipple", "gallery/pier-in-the-morning-mist.jpg", 1200, 1500],
  ["EveningGlow", "gallery/boats-at-evening-glow.jpg", 1600, 1000],
  ["summer_1am", "gallery/calm-water-at-dusk.jpg", 1600, 900],
  ["DarkestHour", "gallery/still-water-before-dawn.jpg", 1200, 1200],
  ["EveningGlow", "site/about-boats.jpg", 1400, 1050],
];
for (const [name, file, w, h] of photos) {
  await sharp(wallpaper(name, "2560x1600")).resize(w, h, { fit: "cover", position: "attention" }).jpeg({ quality: 82, mozjpeg: true }).toFile(out(`images/${file}`));
}
await sharp(`${WP}/Volna/contents/images/5120x2880.jpg`).resize(1600, 900, { fit: "cover" }).jpeg({ quality: 82, mozjpeg: true }).toFile(out("images/gallery/gulf-wave-from-above.jpg"));

for (const [id, svg] of Object.entries(badges)) writeFileSync(out(`images/badges/${id}.svg`), svg);
// Reviewers' initials as PNG (as a customer photo would be): an SVG picture is a document of its own
// that the browser must lay out, with font look-ups for its text.
for (const [file, initials, hue] of [
  ["maria-r.png", "MR", 195], ["dave-k.png", "DK", 25], ["linda-t.png", "LT", 160], ["jim-p.png", "JP", 280], ["carol-w.png", "CW", 340],
] as const) await sharp(Buffer.from(avatar(initials, hue))).png({ compressionLevel: 9, palette: true }).toFile(out(`images/reviews/${file}`));
writeFileSync(out("images/site/wave.svg"), wave());

// Open Graph card (1200×630) and the hero: poster + a slow, looping push-in over the dock photo.
const pub = root + "../public/";
await sharp(Buffer.from(ogCard())).composite([]).jpeg({ quality: 84 }).toFile(pub + "og-image.jpg");
await sharp(wallpaper("BytheWater", "1920x1080")).resize(1600, 900).jpeg({ quality: 78, mozjpeg: true }).toFile(out("images/site/hero-poster.jpg"));
await sharp(wallpaper("BytheWater", "1920x1080")).resize(720, 1280, { fit: "cover", position: "centre" }).jpeg({ quality: 78, mozjpeg: true }).toFile(out("images/site/hero-poster-mobile.jpg"));

mkdirSync(pub + "video", { recursive: true });
const clip = (src: string, w: number, h: number, file: string) => {
  if (existsSync(pub + file) && !process.argv.includes("--video")) return;
  // 10 s at 24 fps: zoom in then back out, so the loop has no jump.
  const zoom = "zoompan=z='1+0.06*sin(PI*on/240)':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=1:fps=24:s=" + `${w}x${h}`;
  const args = ["-y", "-loop", "1", "-i", src, "-vf", `scale=${w * 2}:${h * 2}:force_original_aspect_ratio=increase,crop=${w * 2}:${h * 2},${zoom},format=yuv420p`, "-t", "10", "-an"];
  execFileSync("ffmpeg", [...args, "-c:v", "libx264", "-preset", "slow", "-crf", "30", "-movflags", "+faststart", pub + file], { stdio: "inherit" });
};
clip(wallpaper("BytheWater", "2560x1440"), 1280, 720, "video/hero-1280.mp4");
clip(wallpaper("BytheWater", "2560x1440"), 540, 960, "video/hero-540.mp4");
console.log("artwork written");
