/**
 * What failed in a step's output, short: each failure's heading and the first lines of its error
 * (Playwright's numbered blocks, Vitest's FAIL blocks, ESLint's and astro check's error lines),
 * so the end of a long CI log names the test and the reason, not only the step.
 */
export function failureDigest(output: string, maxBlocks = 6, linesPerBlock = 12): string[] {
  const lines = output
    // eslint-disable-next-line no-control-regex
    .replace(/\x1b\[[0-9;]*m/g, "")
    .split(/\r?\n/)
    .filter((l) => !l.startsWith("[WebServer]"));
  const starts = (l: string) => /^\s+\d+\) \[/.test(l) || /^\s*FAIL\s/.test(l) || /^\S.*:\d+:\d+ - error /.test(l);
  const ends = (l: string) => /^\s+\d+ (failed|flaky|passed|skipped|did not run)\b/.test(l) || /^\s*⎯{3,}/.test(l) || /^\s*Test Files\s/.test(l);
  const blocks: string[][] = [];
  let current: string[] | undefined;
  for (const line of lines) {
    if (starts(line)) {
      current = [line];
      blocks.push(current);
    } else if (current && ends(line)) {
      current = undefined;
    } else if (current && current.length < linesPerBlock && line.trim()) {
      current.push(line);
    }
  }
  // ESLint: "  12:5  error  …" under a file name.
  const eslint = lines.filter((l) => /^\s+\d+:\d+\s+error\s/.test(l)).slice(0, linesPerBlock);
  if (eslint.length) blocks.push(eslint);
  const seen = new Set<string>();
  const unique = blocks.filter((b) => (seen.has(b[0]) ? false : (seen.add(b[0]), true)));
  const out = unique.slice(0, maxBlocks).flat();
  if (unique.length > maxBlocks) out.push(`  … and ${unique.length - maxBlocks} more (above in the log)`);
  const counts = lines.filter((l) => /^\s+\d+ (failed|flaky)\b/.test(l) || /^\s*Tests\s+.*failed/.test(l));
  return [...out, ...counts];
}
