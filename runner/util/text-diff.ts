/**
 * A short line diff for people: line by line when both texts have as many lines, otherwise the changed block
 * between their common start and common end.
 * @module
 */
export function lineDiff(before: string, after: string, maxLines = 12): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  if (a.length === b.length) return changedLines(a, b, maxLines);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const removed = a.slice(start, endA).map((line) => `- ${line}`);
  const added = b.slice(start, endB).map((line) => `+ ${line}`);
  const lines = [`@@ line ${start + 1} @@`, ...removed.slice(0, maxLines), ...added.slice(0, maxLines)];
  const hidden = Math.max(0, removed.length - maxLines) + Math.max(0, added.length - maxLines);
  return hidden > 0 ? [...lines, `  (${hidden} more changed lines)`] : lines;
}

/** Texts of the same length: each changed line with its number. */
function changedLines(a: string[], b: string[], maxLines: number): string[] {
  const changed = a.flatMap((line, i) => (line === b[i] ? [] : [i]));
  const shown = changed.slice(0, maxLines).flatMap((i) => [`@@ line ${i + 1} @@`, `- ${a[i]}`, `+ ${b[i]}`]);
  return changed.length > maxLines ? [...shown, `  (${changed.length - maxLines} more changed lines)`] : shown;
}
