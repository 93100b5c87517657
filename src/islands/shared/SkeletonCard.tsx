/** A product card's placeholder, matching the shared skeleton look (pulse, rounded, slate). */
export function SkeletonCard() {
  return (
    <div data-testid="skeleton-card" aria-hidden="true" className="overflow-hidden rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="aspect-square animate-pulse bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
      <div className="space-y-3 p-3 sm:p-4">
        <div className="h-4 w-3/4 animate-pulse rounded bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
        <div className="h-4 w-1/3 animate-pulse rounded bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
      </div>
    </div>
  );
}

/** `count` placeholders in the same grid as the cards, announced once to screen readers. */
export function SkeletonGrid({ count, className, label = "Loading products…" }: { count: number; className: string; label?: string }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="sr-only">{label}</span>
      <div className={className}>
        {Array.from({ length: count }, (_, i) => (
          <SkeletonCard key={i} />
        ))}
      </div>
    </div>
  );
}
