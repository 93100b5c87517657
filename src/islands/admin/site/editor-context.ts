/** What every field of the Site section needs from the panel, without passing it down each level. */
import { createContext, useContext } from "react";
import type { Uploads } from "./use-uploads.ts";

export interface FieldError {
  /** The field the server named ("reviews.2.reviewText"). */
  field: string;
  /** Where it is shown: the field, or the nearest part of the form that is drawn ("reviews.2"). */
  at?: string;
  /** The Hebrew label of what `at` is. */
  label?: string;
  message: string;
}

export interface Reveal {
  field: string;
  /** A new request for the same field opens it again. */
  n: number;
}

export interface Editor {
  /** The message shown at `path`, if a refused field is shown there. */
  errorAt(path: string): string | undefined;
  /** The field to open and focus (an error, a checklist item); lists open the item that holds it. */
  reveal: Reveal | null;
  /** Says something in the panel's polite live region. */
  announce(text: string): void;
  uploads: Uploads;
  /** The services' slugs and titles (a project's service). */
  services: { value: string; label: string }[];
}

export const EditorContext = createContext<Editor | null>(null);

export function useEditor(): Editor {
  const e = useContext(EditorContext);
  if (!e) throw new Error("useEditor outside the Site section");
  return e;
}
