import { useEffect, useState } from "react";
import { fetchBucket, type StoredObject } from "./api.ts";
import { he } from "./strings.ts";
import { Card, LoadFailed, Skeleton, formatDateTime, formatNumber } from "./ui.tsx";

const IMAGE_URL_PREFIX = "/api/images/";

function size(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(Math.round(bytes / 102.4) / 10)} KB`;
  return `${formatNumber(Math.round(bytes / 10485.76) / 100)} MB`;
}

/** The stored objects (spec §7 admin/bucket): key, size, type, date and a preview. */
export default function StorageList() {
  const [objects, setObjects] = useState<StoredObject[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    const ctl = new AbortController();
    setFailed(false);
    setObjects(null);
    fetchBucket(ctl.signal)
      .then(setObjects)
      .catch((e) => {
        if (ctl.signal.aborted) return;
        console.error("Failed to fetch bucket contents", e);
        setObjects([]);
        setFailed(true);
      });
    return () => ctl.abort();
  }, [reloads]);

  return (
    <Card id="card-storage" title={he.storage.title}>
      {failed ? (
        <LoadFailed text={he.failed} onRetry={() => setReloads((n) => n + 1)} />
      ) : !objects ? (
        <div className="space-y-2" aria-busy="true">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : objects.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500 dark:text-slate-400">{he.storage.empty}</p>
      ) : (
        <div className="max-h-[500px] overflow-auto" tabIndex={0} role="region" aria-label={he.storage.table}>
          <table className="w-full min-w-[40rem] text-sm" data-testid="storage-table">
            <thead className="sticky top-0 bg-white dark:bg-slate-900">
              <tr className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-400">
                {Object.values(he.storage.cols).map((c) => (
                  <th key={c} scope="col" className="px-3 py-2 text-start font-semibold">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {objects.map((o) => (
                <tr key={o.key} className="border-b border-slate-100 dark:border-slate-800" data-testid="storage-row">
                  <td className="px-3 py-2">
                    <img src={IMAGE_URL_PREFIX + o.key} alt="" width={48} height={48} loading="lazy" decoding="async" className="size-12 rounded-md bg-slate-100 object-cover dark:bg-slate-800" />
                  </td>
                  <td className="px-3 py-2 font-mono text-xs" dir="ltr">
                    <a href={IMAGE_URL_PREFIX + o.key} target="_blank" rel="noopener" title={o.key} className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-100">
                      {o.key.length > 20 ? `${o.key.slice(0, 20)}…` : o.key}
                    </a>
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 tabular-nums" dir="ltr">
                    {size(o.size)}
                  </td>
                  <td className="px-3 py-2 font-mono text-xs" dir="ltr">
                    {o.contentType}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2">
                    <time dateTime={o.createdAt}>{formatDateTime(o.createdAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
