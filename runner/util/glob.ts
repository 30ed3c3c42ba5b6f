/**
 * Globs on fixture ids (`--filter`, `--expect-fail`): `*` any characters, `?` one, everything else itself. A glob
 * is matched by a loop that remembers only the last star, so a match costs at most (id length x glob length)
 * steps whatever the glob: no regular expression to backtrack, no recursion to overflow.
 * @module
 */

/** The whole of `text` against the whole of `glob`, character by character (code points, not UTF-16 units). */
export function globMatcher(glob: string): (text: string) => boolean {
  // Runs of stars match what one star matches.
  const pattern = [...glob.replace(/\*+/g, '*')];
  return (text) => {
    const chars = [...text];
    let p = 0;
    let t = 0;
    let star = -1;
    let resume = 0;
    while (t < chars.length) {
      if (p < pattern.length && (pattern[p] === '?' || pattern[p] === chars[t])) {
        p++;
        t++;
      } else if (p < pattern.length && pattern[p] === '*') {
        star = p++;
        resume = t;
      } else if (star >= 0) {
        p = star + 1;
        t = ++resume;
      } else {
        return false;
      }
    }
    while (pattern[p] === '*') p++;
    return p === pattern.length;
  };
}
