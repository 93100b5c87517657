/**
 * Words for a lead that the forms, the server and the dashboard share. No imports: every page's
 * bundle may load it (the layout remembers a visit's UTM parameters).
 */
export type LeadKind = "quote" | "inquiry";
/** Where a lead stands in the CRM sync queue ('disabled': no CRM configured, or spam). */
export type CrmState = "pending" | "synced" | "failed" | "disabled";

/** What the visitor told us, as the dashboard lists it and the CRM client receives it. */
export interface LeadDetails {
  kind: LeadKind;
  fullName: string;
  email: string;
  /** As the visitor typed it. */
  phone: string;
  /** The same number in E.164 (`+12395550142`) and its extension (`12`), or null when not parseable (older leads). */
  phoneE164: string | null;
  phoneExt: string | null;
  address: string;
  subject: string;
  message: string;
  productName: string | null;
}

/** The UTM parameters a lead keeps (utm_source, utm_medium…), in the order they are shown. */
export const UTM_KEYS = ["source", "medium", "campaign", "term", "content"] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
export type Utm = Partial<Record<UtmKey, string>>;
/** The longest value kept per key. */
export const UTM_MAX = 200;

/* ---- Issue 13: project details, photos and idempotent submits (shared by forms and server) ---- */

/** Longest 'Project details' text on the quote form and 'message' on the product inquiry. */
export const DETAILS_MAX = 2000;

/** Longest phone number a form takes: an international number with an extension, as people write it. */
export const PHONE_MAX = 40;

/** Line breaks as typed ("\r\n" from a pasted text becomes "\n"), trimmed, never past DETAILS_MAX. */
export function detailsText(text: string): string {
  return text.replace(/\r\n?/g, "\n").trim().slice(0, DETAILS_MAX);
}

/** Photos one quote request may carry. */
export const PHOTO_MAX_COUNT = 5;
/** Largest photo the server accepts, in bytes (the browser downscales well below this). */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** The browser downscales a photo so its longest side is at most this many pixels (JPEG 0.8). */
export const PHOTO_MAX_SIDE = 1600;
export const PHOTO_JPEG_QUALITY = 0.8;
/** Image types a lead photo may have (checked by magic bytes on the server). */
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
/** Header that carries the browser-made idempotency key on POST contact/inquiry and photo uploads. */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** An idempotency key: 16 to 128 letters, digits, '-' or '_' (a UUID fits). */
export const IDEMPOTENCY_KEY_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;
/** Header that carries the one-time photo token on POST /api/leads/photos. */
export const PHOTO_TOKEN_HEADER = "X-Photo-Token";

/**
 * `data` of a stored quote request / inquiry: the spec's `{ status: true }`, plus a one-time token
 * for the photos when the body said it would send some (`photos` > 0). Answered again, unchanged,
 * to a repeat of the same Idempotency-Key.
 *
 * For a request held as possible spam (decision 15) `photoToken` is a claim of the same shape, not
 * an upload token (issue 33): an upload with it is 401, and POST PHOTO_TOKEN_PATH with it answers
 * 202 while the office has not looked, and an upload token once they pressed 'Not spam'.
 */
export interface LeadAnswerData {
  status: true;
  photoToken?: string;
}

/** Where the browser asks, with a claim in X-Photo-Token, whether a request's photos may come now. */
export const PHOTO_TOKEN_PATH = "/api/leads/photos/token";

/** `data` of POST PHOTO_TOKEN_PATH: an upload token (200), or not yet (202: the office has not released the request). */
export type PhotoTokenAnswer = { photoToken: string } | { waiting: true };

/**
 * A request held as possible spam is kept this long unreleased, then deleted (HELD_RETENTION_DAYS
 * on the server); its photos wait on the visitor's device no longer either.
 */
export const HELD_LEAD_DAYS = 30;

/** `data` of POST /api/leads/photos (201; 200 for a repeat of the same Idempotency-Key). */
export interface LeadPhotoAnswer {
  id: string;
  bytes: number;
  contentType: (typeof PHOTO_TYPES)[number];
  /** How many photos the token has taken so far, this one included. */
  count: number;
}

/** A lead's photo as the admin dashboard lists it (GET /api/admin/leads/:id/photos). */
export interface LeadPhoto {
  id: string;
  /** Admin-only address of the picture: /api/admin/leads/:id/photos/:photoId. */
  url: string;
  bytes: number;
  contentType: string;
  createdAt: string;
  /** Where its Zoho attachment stands ('disabled': no CRM, or the lead is spam); added by the server helper. */
  crmState?: CrmState;
  /** The last failed attachment attempt's error, while it is retried. */
  crmError?: string | null;
}
