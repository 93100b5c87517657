/** Placeholder shapes of spec §2 ("Skeleton placeholders"), shared by the Astro and React skeletons. */
export const SKELETON_TYPES = ["AreaChart", "PieChart", "Text", "LargeText", "SmallText", "Button", "Image", "Image2"] as const;
export type SkeletonType = (typeof SKELETON_TYPES)[number];

/** Tailwind classes of each shape; every shape keeps a fixed size so nothing shifts when content arrives. */
export const SKELETON_CLASSES: Record<SkeletonType, string> = {
  AreaChart: "skeleton h-48 w-full rounded-xl",
  PieChart: "skeleton mx-auto aspect-square w-40 rounded-full",
  Text: "skeleton h-4 w-full rounded",
  LargeText: "skeleton h-8 w-3/4 rounded-md",
  SmallText: "skeleton h-3 w-1/2 rounded",
  Button: "skeleton h-11 w-32 rounded-full",
  Image: "skeleton aspect-[3/2] w-full rounded-xl",
  Image2: "skeleton aspect-square w-full rounded-2xl",
};

/** A sane repeat count: at least one, at most fifty. */
export function repeatCount(count: number | undefined): number {
  const n = Math.floor(Number(count ?? 1));
  return Number.isFinite(n) ? Math.min(50, Math.max(1, n)) : 1;
}
