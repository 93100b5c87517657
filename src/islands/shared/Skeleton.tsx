import { SKELETON_CLASSES, repeatCount, type SkeletonType } from "../../components/skeleton-shapes";

/** React twin of components/Skeleton.astro for islands (product grid, dashboards). */
export function Skeleton({ type = "Text", count, className = "" }: { type?: SkeletonType; count?: number; className?: string }) {
  return (
    <>
      {Array.from({ length: repeatCount(count) }, (_, i) => (
        <div key={i} aria-hidden="true" data-skeleton={type} className={`${SKELETON_CLASSES[type]} ${className}`.trim()} />
      ))}
    </>
  );
}
