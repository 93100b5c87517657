/**
 * The Site section's API (issue 27) as the back office uses it: the content document, its draft,
 * publish, history and pictures. Every write answers the same state as GET, so the screen always
 * shows what the server holds.
 */
import type { z } from "astro/zod";
import { api, ApiError, getToken } from "../../../lib/api-client.ts";
import { CONTENT_VERSION_PATH, type SiteSection } from "../../../lib/contracts/site.ts";
import type { aboutSchema, gallerySchema, legalSchema, reviewSchema, serviceSchema, siteSchema } from "../../../content-schemas.ts";

type Img = z.ZodString;
export type Site = z.infer<typeof siteSchema>;
export type Review = z.infer<ReturnType<typeof reviewSchema<Img>>>;
export type Project = z.infer<ReturnType<typeof gallerySchema<Img>>>;
export type Service = z.infer<ReturnType<typeof serviceSchema<Img>>>;
export type About = z.infer<ReturnType<typeof aboutSchema<Img>>>;
export type Legal = z.infer<typeof legalSchema>;

export interface SiteDoc {
  site: Site;
  about: About;
  services: Service[];
  reviews: Review[];
  gallery: Project[];
  legal: Legal[];
  badges: unknown[];
}

export type { SiteSection };

export interface VersionInfo {
  version: number;
  publishedAt: string;
  publishedBy: string;
  restoredFrom: number | null;
}

/** A value the live site still shows from the seed's sample data. */
export interface ChecklistItem {
  /** "site", "reviews", …, or "accounts" (no editor section). */
  section: string;
  /** "site.phone", "reviews.2", "gallery.0.photos.1.image". */
  field: string;
  message: string;
  /** Can wait until after launch (missing Spanish, a rendering for a photo). */
  later: boolean;
}

export interface SiteState {
  draft: SiteDoc;
  live: { version: number; publishedAt: string; publishedBy: string };
  /** The saved draft differs from the live content. */
  changed: boolean;
  versions: VersionInfo[];
  checklist: ChecklistItem[];
  /** What the seed's content asked for that is done (the progress). */
  checklistDone: ChecklistItem[];
  rebuild: { hook: boolean; dueAt: string | null; firedAt: string | null; lastError: string | null };
  /** After a publish: the version it made. */
  published?: number;
}

export async function fetchSite(signal?: AbortSignal): Promise<SiteState> {
  return (await api<SiteState>("admin/site", { signal })).data!;
}

/** Saves one section in the draft; a 400 names the field (ApiError.field, "reviews.2.reviewText"). */
export async function saveSection(section: SiteSection, value: unknown): Promise<SiteState> {
  return (await api<SiteState>(`admin/site/${section}`, { method: "PUT", body: value })).data!;
}

export async function publishSite(): Promise<SiteState> {
  return (await api<SiteState>("admin/site/publish", { method: "POST", body: {} })).data!;
}

export async function restoreVersion(version: number): Promise<SiteState> {
  return (await api<SiteState>(`admin/site/restore/${version}`, { method: "POST", body: {} })).data!;
}

/** The content version the live site was built from, or null when it cannot be read. */
export async function fetchLiveBuildVersion(signal?: AbortSignal): Promise<number | null> {
  try {
    const res = await fetch(CONTENT_VERSION_PATH, { cache: "no-store", signal });
    if (!res.ok) return null;
    const v = ((await res.json()) as { version?: unknown }).version;
    return typeof v === "number" ? v : null;
  } catch {
    return null;
  }
}

/**
 * Uploads one picture (already downscaled) and answers its address, "/api/images/<key>". An
 * XMLHttpRequest, not fetch, for the upload's progress (0..1).
 */
export function uploadPicture(blob: Blob, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/admin/site/images");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("Content-Type", blob.type || "image/jpeg");
    const token = getToken();
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new ApiError(0, "network"));
    xhr.ontimeout = () => reject(new ApiError(0, "network"));
    xhr.onload = () => {
      let answer: { data?: { url?: string }; message?: string } = {};
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {}
      const url = answer.data?.url;
      if (xhr.status >= 200 && xhr.status < 300 && url) resolve(url);
      else reject(new ApiError(xhr.status, answer.message || `Request failed (${xhr.status})`));
    };
    xhr.send(blob);
  });
}
