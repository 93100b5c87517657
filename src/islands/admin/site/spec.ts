/**
 * The Site section's forms are described as data (sections.tsx) and drawn by one editor
 * (FieldEditor.tsx): a field says where its value is (`key`), how it is typed and what the office
 * reads beside it. A path names a value in the document the way the server names a refused field:
 * "reviews.2.reviewText".
 */
import type { ReactNode } from "react";
import type { TranslatableKind } from "../../../lib/contracts/translations.ts";

interface Base {
  /** The property in the parent object; "" is the value itself (an item of a list of strings). */
  key: string;
  label: string;
  hint?: ReactNode;
}

export interface TextSpec extends Base {
  kind: "text";
  input?: "text" | "tel" | "email" | "url" | "date" | "time";
  /** Lines of a multi-line text (a textarea). */
  rows?: number;
  /** Limits of the schema, shown as a counter. */
  min?: number;
  max?: number;
  /** Left empty, the property is left out (an optional link). */
  optional?: boolean;
}

export interface NumberSpec extends Base {
  kind: "number";
  step?: number | "any";
  min?: number;
  max?: number;
}

export interface SelectSpec extends Base {
  kind: "select";
  /** A fixed list, or "services": the slugs of the services being edited. */
  options: { value: string | number; label: string }[] | "services";
}

export interface CheckSpec extends Base {
  kind: "check";
}

/** A picture (uploaded on choice) and, beside it, the key of its alt text. */
export interface PictureSpec extends Base {
  kind: "picture";
  alt?: string;
  /** The picture may be left out (a project's "before"): a remove button drops it and its alt text. */
  optional?: boolean;
}

/** A gallery project's pictures: the cover (`image`, `alt`) then `photos`, as one ordered list. */
export interface PhotosSpec extends Base {
  kind: "photos";
}

/** The office's hours: day checkboxes and two times; the text the site prints is written from them. */
export interface HoursSpec extends Base {
  kind: "hours";
}

export interface GroupSpec extends Base {
  kind: "group";
  fields: Spec[];
}

export interface ListSpec extends Base {
  kind: "list";
  /** The fields of an item (an object), or one field (a list of strings). */
  item: Spec[] | Spec;
  /** What one item is called, in Hebrew ("ביקורת"). */
  itemName: string;
  addLabel?: string;
  /** The item's name in its header and in what is announced ("Maria R."). */
  summary?(item: unknown, index: number): string;
  /** Short marks beside an item's name ("sample", "on the landing page"). */
  badges?(item: unknown): string[];
  newItem?(): unknown;
  /** Items are edited in place only: no adding, removing or moving (the services). */
  fixed?: boolean;
  /** Each item is an entry with its Spanish beside the English (issue 37): which kind of entry. */
  translate?: TranslatableKind;
  /** Each item opens and closes (long items: a review, a project). */
  collapsible?: boolean;
  confirmRemove?: boolean;
  /** New items go first (the newest review or job is shown first). */
  addAtStart?: boolean;
  max?: number;
}

export type Spec = TextSpec | NumberSpec | SelectSpec | CheckSpec | PictureSpec | PhotosSpec | HoursSpec | GroupSpec | ListSpec;

/** The path of `key` inside `path`. */
export const join = (path: string, key: string | number): string => (key === "" ? path : path ? `${path}.${key}` : String(key));

export const read = (value: unknown, key: string): unknown => (key === "" ? value : (value as Record<string, unknown> | null | undefined)?.[key]);

/** `parent` with `key` set to `value` (a new object; left out when `drop`). */
export function write(parent: unknown, key: string, value: unknown, drop = false): unknown {
  if (key === "") return value;
  const next = { ...(parent as Record<string, unknown>) };
  if (drop) delete next[key];
  else next[key] = value;
  return next;
}

/** The DOM id of the input that edits `path`. */
export const fieldId = (path: string) => `site-f-${path.replace(/[^\w-]/g, "-")}`;

/** Whether `path` is `field` or holds it ("reviews.2" holds "reviews.2.name"). */
export const holds = (path: string, field: string | null | undefined) => !!field && (field === path || field.startsWith(`${path}.`));

/**
 * A project's cover and photos at most: MAX_PROJECT_PHOTOS of src/content-schemas.ts, which this
 * browser code cannot import without the schemas and zod (a unit test keeps the two equal).
 */
export const PROJECT_MAX_PHOTOS = 12;

/** A picture chosen on this device and not yet stored: its value until the upload answers. */
export const PENDING = "pending:";
export const isPending = (v: unknown): v is `${typeof PENDING}${string}` => typeof v === "string" && v.startsWith(PENDING);

/** Every pending picture in a value, with its path. */
export function pendingIn(value: unknown, path: string): { path: string; value: string }[] {
  if (isPending(value)) return [{ path, value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => pendingIn(v, join(path, i)));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => pendingIn(v, join(path, k)));
  return [];
}

/** `value` with every string equal to `from` replaced by `to` (an upload that finished). */
export function replaceString(value: unknown, from: string, to: string): unknown {
  if (value === from) return to;
  if (Array.isArray(value)) {
    const next = value.map((v) => replaceString(v, from, to));
    return next.some((v, i) => v !== value[i]) ? next : value;
  }
  if (value && typeof value === "object") {
    let changed = false;
    const next = Object.fromEntries(
      Object.entries(value).map(([k, v]) => {
        const r = replaceString(v, from, to);
        if (r !== v) changed = true;
        return [k, r];
      }),
    );
    return changed ? next : value;
  }
  return value;
}
