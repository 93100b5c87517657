/**
 * This admin's private calendar feed (issue 35): made, replaced or revoked here; its address is shown
 * once, when made (only its hash is kept), with a copy button and how to subscribe.
 */
import { useEffect, useState } from "react";
import type { FeedState } from "../../../lib/contracts/visits.ts";
import { useToast } from "../../../lib/stores/toast.ts";
import { Card, Skeleton, Spinner, field, formatDateTime, primaryButton, quietButton } from "../ui.tsx";
import { fetchFeed, makeFeed, revokeFeed } from "./visits-api.ts";
import { f } from "./strings.ts";

export default function FeedCard() {
  const toast = useToast((t) => t.show);
  const [state, setState] = useState<FeedState | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => void fetchFeed().then(setState, () => setState({ active: false, createdAt: null, lastFetchedAt: null })), []);

  const act = async (fn: () => Promise<FeedState>) => {
    setBusy(true);
    setCopied(false);
    try {
      setState(await fn());
    } catch {
      toast(f.failed, "error");
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    if (!state?.url) return;
    try {
      await navigator.clipboard.writeText(state.url);
      setCopied(true);
    } catch {}
  };

  return (
    <Card id="visit-feed" title={f.title}>
      <p className="-mt-2 mb-3 text-sm text-slate-600 dark:text-slate-400">{f.intro}</p>
      {!state ? (
        <Skeleton className="h-10 w-full" />
      ) : (
        <>
          <p className="text-sm text-slate-800 dark:text-slate-200" data-testid="feed-state">
            {state.active && state.createdAt ? f.active(formatDateTime(state.createdAt)) : f.none} {state.lastFetchedAt && f.fetched(formatDateTime(state.lastFetchedAt))}
          </p>
          {state.url && (
            <div className="mt-3 rounded-lg bg-amber-50 p-3 dark:bg-amber-950/60">
              <p className="mb-2 text-sm font-semibold text-amber-950 dark:text-amber-100">{f.shownOnce}</p>
              <div className="flex gap-2">
                <input readOnly value={state.url} onFocus={(e) => e.currentTarget.select()} className={`${field} font-mono text-xs`} dir="ltr" aria-label={f.title} data-testid="feed-url" />
                <button type="button" className={quietButton} onClick={() => void copy()}>
                  {copied ? f.copied : f.copy}
                </button>
              </div>
              <p className="mt-2 text-xs text-slate-700 dark:text-slate-300">{f.how}</p>
            </div>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className={primaryButton} disabled={busy} onClick={() => void act(makeFeed)} data-testid="feed-make">
              {busy && <Spinner className="size-3" />}
              {state.active ? f.remake : f.make}
            </button>
            {state.active && (
              <button type="button" className={quietButton} disabled={busy} onClick={() => void act(revokeFeed)} data-testid="feed-revoke">
                {f.revoke}
              </button>
            )}
          </div>
        </>
      )}
    </Card>
  );
}
