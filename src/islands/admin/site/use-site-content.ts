/**
 * The Site section's state: what the server holds (draft, live version, history, checklist), the
 * office's edits not yet saved (per section, kept while switching sections), and saving, publishing
 * and restoring. An edit is dropped only once the server has it, so nothing typed is lost on failure.
 */
import { useCallback, useRef, useState } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import { useDocument } from "../use-document.ts";
import { SITE_SECTIONS, type SiteSection } from "../../../lib/contracts/site.ts";
import type { FieldError } from "./editor-context.ts";
import { reasonText } from "./error-text.ts";
import { fetchSite, publishSite, restoreVersion, saveSection } from "./site-api.ts";
import { pendingIn, replaceString } from "./spec.ts";
import { t } from "./strings.ts";

/** A save's outcome; `field`: the server refused that field (its message is shown at it). */
export type SaveStatus = { kind: "saving" } | { kind: "saved" } | { kind: "failed"; text: string; field?: string };

type Edits = Partial<Record<SiteSection, unknown>>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const failureText = (e: unknown) =>
  e instanceof ApiError && e.httpStatus === 401 ? t.sessionOver : e instanceof ApiError && e.httpStatus !== 0 ? `${t.saveFailed} (${reasonText(e.message)})` : t.saveFailed;

export function useSiteContent(reveal: (field: string) => void) {
  const { server, setServer, loadFailed, load } = useDocument(fetchSite, "Site content");
  const [edits, setEdits] = useState<Edits>({});
  const [errors, setErrors] = useState<Partial<Record<SiteSection, FieldError>>>({});
  const [status, setStatus] = useState<Partial<Record<SiteSection, SaveStatus>>>({});
  const editsNow = useRef(edits);
  editsNow.current = edits;

  const value = (section: SiteSection): unknown => (section in edits ? edits[section] : server?.draft[section]);
  const dirty = (section: SiteSection) => section in edits && !!server && !same(edits[section], server.draft[section]);
  const unsaved = SITE_SECTIONS.filter(dirty);

  const setValue = (section: SiteSection, v: unknown) => setEdits((e) => ({ ...e, [section]: v }));

  /** An upload answered: its address replaces the pending value wherever it is. */
  const replacePending = useCallback((pending: string, url: string) => {
    setEdits((e) => {
      let changed = false;
      const next = Object.fromEntries(
        Object.entries(e).map(([k, v]) => {
          const r = replaceString(v, pending, url);
          if (r !== v) changed = true;
          return [k, r];
        }),
      );
      return changed ? next : e;
    });
  }, []);

  async function save(section: SiteSection) {
    const sent = value(section);
    const pending = pendingIn(sent, section);
    if (pending.length) {
      setStatus((s) => ({ ...s, [section]: { kind: "failed", text: t.picturesBusy(pending.length) } }));
      reveal(pending[0].path);
      return;
    }
    setStatus((s) => ({ ...s, [section]: { kind: "saving" } }));
    setErrors(({ [section]: _, ...rest }) => rest);
    try {
      const next = await saveSection(section, sent);
      setServer(next);
      // Typed while saving: still an edit of its own.
      if (editsNow.current[section] === sent) setEdits(({ [section]: _, ...rest }) => rest);
      setStatus((s) => ({ ...s, [section]: { kind: "saved" } }));
    } catch (e) {
      if (e instanceof ApiError && e.httpStatus === 400 && e.field) {
        const message = reasonText(e.message);
        setErrors((all) => ({ ...all, [section]: { field: e.field!, message } }));
        setStatus((s) => ({ ...s, [section]: { kind: "failed", text: message, field: e.field } }));
        reveal(e.field);
      } else setStatus((s) => ({ ...s, [section]: { kind: "failed", text: failureText(e) } }));
    }
  }

  /** Publishes the saved draft and answers the new version. */
  async function publish(): Promise<number> {
    const next = await publishSite();
    setServer(next);
    return next.published ?? next.live.version;
  }

  /** Makes an earlier version the draft; edits not saved are given up (the office confirmed it). */
  async function restore(version: number): Promise<void> {
    const next = await restoreVersion(version);
    setServer(next);
    setEdits({});
    setErrors({});
    setStatus({});
  }

  /** Where a refused field is shown, once the panel has found it on the screen. */
  const showErrorAt = useCallback(
    (field: string, at: string, label: string) =>
      setErrors((all) => {
        const entry = Object.entries(all).find(([, err]) => err?.field === field);
        return entry && entry[1]!.at !== at ? { ...all, [entry[0]]: { ...entry[1]!, at, label } } : all;
      }),
    [],
  );

  return { server, loadFailed, load, value, setValue, dirty, unsaved, errors, status, save, publish, restore, replacePending, showErrorAt };
}

export type SiteContent = ReturnType<typeof useSiteContent>;
