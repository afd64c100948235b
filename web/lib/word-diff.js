// Which words two translations share, by longest common subsequence: a word inserted early does
// not mark every later word as changed, as a position-by-position comparison would.

/**
 * @returns {{ before: boolean[], after: boolean[] }} — true for each word of `before` / `after`
 *   that is not part of the longest common subsequence (removed / added words)
 */
export function diffWords(before, after) {
  const n = before.length;
  const m = after.length;
  // common[i][j]: length of the LCS of before[i..] and after[j..].
  const common = Array.from({ length: n + 1 }, () => new Int32Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      common[i][j] =
        before[i] === after[j]
          ? common[i + 1][j + 1] + 1
          : Math.max(common[i + 1][j], common[i][j + 1]);
  const removed = new Array(n).fill(true);
  const added = new Array(m).fill(true);
  for (let i = 0, j = 0; i < n && j < m;) {
    if (before[i] === after[j]) {
      removed[i++] = false;
      added[j++] = false;
    } else if (common[i + 1][j] >= common[i][j + 1]) i++;
    else j++;
  }
  return { before: removed, after: added };
}
