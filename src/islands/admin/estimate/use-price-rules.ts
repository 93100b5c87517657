/**
 * The price rules section's state: what the server holds, the office's edits of the draft (one
 * document, saved whole), the numbers as typed (a half-typed "1." stays on screen), and saving,
 * publishing and restoring. An edit is dropped only once the server has it.
 */
import { useRef, useState } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import { useDocument } from "../use-document.ts";
import type { PriceRules } from "../../../lib/contracts/estimate.ts";
import { reasonText } from "../site/error-text.ts";
import { fetchPrices, publishPrices, restorePrices, saveDraft } from "./prices-api.ts";
import { rulesReason, t } from "./strings.ts";

export type SaveStatus = { kind: "saving" } | { kind: "saved" } | { kind: "failed"; text: string; field?: string };

type Json = Record<string, unknown> | unknown[];

export const getAt = (doc: unknown, path: string): unknown =>
  path.split(".").reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), doc);

/** A copy of `doc` with `value` at `path` (the objects on the way copied, the rest shared). */
export function setAt<T>(doc: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split(".");
  const here = (Array.isArray(doc) ? [...doc] : { ...(doc as Record<string, unknown>) }) as Json;
  (here as Record<string, unknown>)[head] = rest.length ? setAt((doc as Record<string, unknown>)[head], rest.join("."), value) : value;
  return here as T;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** A number as the office types it: "1,200", "1.25"; null when it is not one. */
const parseNumber = (text: string): number | null => {
  const n = Number(text.replaceAll(",", "").trim());
  return text.trim() !== "" && Number.isFinite(n) ? n : null;
};

export function usePriceRules() {
  const { server, setServer, loadFailed, load } = useDocument(fetchPrices, "Price rules");
  const [edit, setEdit] = useState<PriceRules | null>(null);
  /** Numbers as typed, by path, while they differ from what the document holds. */
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<{ field: string; message: string } | null>(null);
  const [status, setStatus] = useState<SaveStatus | null>(null);
  const editNow = useRef(edit);
  editNow.current = edit;

  const value: PriceRules | null = edit ?? server?.draft ?? null;
  const dirty = !!server && !!edit && (!same(edit, server.draft) || Object.keys(typed).length > 0);

  const change = (path: string, v: unknown) => {
    if (!value) return;
    setEdit(setAt(value, path, v));
    if (serverError?.field === path) setServerError(null);
    setStatus(null);
  };

  /** A number field's text: the document takes it once it is a number. */
  const typeNumber = (path: string, text: string) => {
    const n = parseNumber(text);
    setTyped((all) => {
      const next = { ...all };
      if (n !== null && String(n) === text.trim()) delete next[path];
      else next[path] = text;
      return next;
    });
    if (n !== null) change(path, n);
    else {
      if (!edit && value) setEdit(value);
      setStatus(null);
    }
  };

  /** What a field shows: the text typed, else the document's number. */
  const shown = (path: string): string => typed[path] ?? (() => {
    const v = getAt(value, path);
    return typeof v === "number" ? String(v) : "";
  })();

  /** The message at a field: a number that is not one yet, or the server's refusal. */
  const errorAt = (path: string): string | undefined => {
    if (path in typed && parseNumber(typed[path]) === null) return t.needNumber;
    if (serverError?.field === path) return serverError.message;
    return undefined;
  };

  async function save(): Promise<string | null> {
    if (!value) return null;
    const bad = Object.keys(typed).find((p) => parseNumber(typed[p]) === null);
    if (bad) {
      setStatus({ kind: "failed", text: t.needNumber, field: bad });
      return bad;
    }
    setStatus({ kind: "saving" });
    setServerError(null);
    const sent = value;
    try {
      const next = await saveDraft(sent);
      setServer(next);
      if (editNow.current === sent) {
        setEdit(null);
        setTyped({});
      }
      setStatus({ kind: "saved" });
      return null;
    } catch (e) {
      if (e instanceof ApiError && e.httpStatus === 400 && e.field) {
        const message = rulesReason(e.message) ?? reasonText(e.message);
        setServerError({ field: e.field, message });
        setStatus({ kind: "failed", text: message, field: e.field });
        return e.field;
      }
      setStatus({ kind: "failed", text: e instanceof ApiError && e.httpStatus === 401 ? t.sessionOver : t.saveFailed });
      return null;
    }
  }

  async function publish(): Promise<number> {
    const next = await publishPrices();
    setServer(next);
    return next.published ?? next.live.version;
  }

  async function restore(version: number): Promise<void> {
    const next = await restorePrices(version);
    setServer(next);
    setEdit(null);
    setTyped({});
    setServerError(null);
    setStatus(null);
  }

  return { server, loadFailed, load, value, dirty, change, typeNumber, shown, errorAt, status, save, publish, restore };
}

export type PriceRulesEditor = ReturnType<typeof usePriceRules>;
