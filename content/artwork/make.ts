/**
 * Rebuilds every picture under content/images and the hero clips in public/video from one scene:
 * a Cape Coral canal ray-traced with POV-Ray (content/artwork/pov/, our own, CC0). One scene, one
 * sun, one palette, so hero, about, services, gallery and contact speak the same picture language.
 *
 *   node content/artwork/make.ts            stills (about 10 minutes on 2 cores)
 *   node content/artwork/make.ts --video    stills and the hero clips (frames + ffmpeg, longer)
 *   node content/artwork/make.ts --only=hero-poster,seawalls   some stills
 *   node content/artwork/make.ts --draft    quarter size, for trying a camera
 *
 * Needs Debian's povray and ffmpeg (apt-get install povray ffmpeg); sharp comes with the project.
 * Astro makes the AVIF/WebP sizes of the JPEG masters at build time.
 */
import { mkdirSync, mkdtempSync, writeFileSync, rmSync, readdirSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import sharp from "sharp";
import { avatar, wave, ogCard } from "./marks.ts";

const root = new URL("../", import.meta.url).pathname;
const pov = new URL("./pov/", import.meta.url).pathname;
const pub = root + "../public/";
const args = process.argv.slice(2);
const draft = args.includes("--draft");
const only = args.find((a) => a.startsWith("--only="))?.slice(7).split(",");

/** A still: the camera (`Shot` in canal.pov), its size and where the JPEG master goes. */
interface Still {
  name: string;
  shot: number;
  w: number;
  h: number;
  file: string;
}
const S = (name: string, shot: number, w: number, h: number, file: string): Still => ({ name, shot, w, h, file });
export const stills: Still[] = [
  S("hero-poster", 0, 1600, 900, "images/site/hero-poster.jpg"),
  S("hero-poster-mobile", 1, 720, 1280, "images/site/hero-poster-mobile.jpg"),
  S("about", 13, 1400, 1050, "images/site/about-canal.jpg"),
  S("quote", 14, 960, 1200, "images/site/quote-dock.jpg"),
  S("custom-docks", 2, 1200, 800, "images/services/custom-docks.jpg"),
  S("dock-repairs", 3, 1200, 800, "images/services/dock-repairs.jpg"),
  S("boatlifts", 4, 1200, 800, "images/services/boatlifts.jpg"),
  S("seawalls", 5, 1200, 800, "images/services/seawalls.jpg"),
  S("dredging", 6, 1200, 800, "images/services/dredging.jpg"),
  S("tiki-huts", 7, 1200, 800, "images/services/tiki-huts.jpg"),
  S("canopies", 8, 1200, 800, "images/services/canopies.jpg"),
  S("pile-wrapping", 9, 1200, 800, "images/services/pile-wrapping.jpg"),
  S("soil-sampling", 10, 1200, 800, "images/services/soil-sampling.jpg"),
  S("electrical-plumbing", 11, 1200, 800, "images/services/electrical-plumbing.jpg"),
  S("demo-remove-pilings", 12, 1200, 800, "images/services/demo-remove-pilings.jpg"),
  S("composite-dock", 15, 1200, 800, "images/gallery/composite-dock.jpg"),
  S("canal-from-above", 16, 1200, 900, "images/gallery/canal-from-above.jpg"),
];

function render(shot: number, w: number, h: number, out: string, extra: string[] = []) {
  const scale = draft ? 0.25 : 1;
  execFileSync("povray", [`+I${pov}canal.pov`, `+L${pov}`, `Declare=Shot=${shot}`, `+W${Math.round(w * scale)}`, `+H${Math.round(h * scale)}`, "+A0.2", "+AM2", "+R2", "-D", "-V", "+FN", `+O${out}`, ...extra], { stdio: ["ignore", "ignore", "pipe"] });
}

const work = mkdtempSync(tmpdir() + "/canal-");
for (const s of stills) {
  if (only && !only.includes(s.name)) continue;
  const png = `${work}/${s.name}.png`;
  const t = Date.now();
  render(s.shot, s.w, s.h, png);
  mkdirSync(root + s.file.replace(/[^/]+$/, ""), { recursive: true });
  await sharp(png).jpeg({ quality: 84, mozjpeg: true }).toFile(root + s.file);
  console.log(`${s.file} (${((Date.now() - t) / 1000).toFixed(0)} s)`);
}

// Small marks: reviewers' initials (PNG, as a customer photo would be), wave, social card over the hero.
for (const [file, initials, hue] of [
  ["maria-r.png", "MR", 195], ["dave-k.png", "DK", 25], ["linda-t.png", "LT", 160], ["jim-p.png", "JP", 280], ["carol-w.png", "CW", 340],
] as const) await sharp(Buffer.from(avatar(initials, hue))).png({ compressionLevel: 9, palette: true }).toFile(root + `images/reviews/${file}`);
writeFileSync(root + "images/site/wave.svg", wave());
await sharp(root + "images/site/hero-poster.jpg").resize(1200, 630, { fit: "cover" }).composite([{ input: Buffer.from(ogCard()) }]).jpeg({ quality: 84, mozjpeg: true }).toFile(pub + "og-image.jpg");

// Hero clips: the same canal with the water, the palms and the boat on its lift moving. Every motion
// in the scene is periodic in `clock`, so the 8 s loop has no jump. Rendered at 10 frames a second
// and blended to 24 by ffmpeg; the motion is slow enough that no one sees the blend.
if (args.includes("--video")) {
  mkdirSync(pub + "video", { recursive: true });
  for (const [shot, w, h, file, crf] of [[0, 1280, 720, "video/hero-1280.mp4", 36], [1, 540, 960, "video/hero-540.mp4", 36]] as const) {
    const dir = `${work}/frames-${shot}`;
    mkdirSync(dir);
    const frames = 80;
    render(shot, w, h, `${dir}/f.png`, ["+KFI0", `+KFF${frames - 1}`, "+KI0", `+KF${(frames - 1) / frames}`, "-A"]);
    const first = readdirSync(dir).sort()[0];
    const digits = first.replace(/^f|\.png$/g, "").length;
    execFileSync("ffmpeg", ["-y", "-loglevel", "error", "-framerate", "10", "-i", `${dir}/f%0${digits}d.png`, "-vf", "framerate=fps=24,format=yuv420p", "-an", "-c:v", "libx264", "-preset", "slow", "-crf", String(crf), "-movflags", "+faststart", pub + file], { stdio: "inherit" });
    console.log(`${file} written`);
  }
}
rmSync(work, { recursive: true, force: true });
console.log("artwork written");
