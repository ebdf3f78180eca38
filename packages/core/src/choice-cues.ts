/**
 * Test-wise cues (issue 24 item 1): what a student scores without reading the stem. A bank whose
 * key is usually the longest choice, or usually the same letter, inflates every rating Pasado shows
 * and teaches a habit the real exam punishes. `npm run content:check` prints these figures per part
 * and refuses a part over `CUE_RULES`.
 */

export const CUE_RULES = {
  /** The key is the one longest choice (no tie) in at most this share of a part's items. */
  longestKey: 0.35,
  /** "Clearly longest": longer than `clearRatio` × the next longest choice. */
  clearlyLongestKey: 0.1,
  clearRatio: 1.2,
  /** Neither "always pick the longest" nor "always pick the same letter" may score this much. */
  strategyScore: 0.35,
} as const;

export type CueFigures = {
  items: number;
  /** Share of items whose key is the one longest choice (no tie). */
  longestKey: number;
  /** Share of items whose key is longer than `clearRatio` × every other choice. */
  clearlyLongestKey: number;
  /** Expected score of "always pick the longest choice" (a tie is a fair pick among the tied). */
  alwaysLongest: number;
  /** Score of "always pick the letter at index i", for A, B, C, … (items with fewer choices miss). */
  alwaysLetter: number[];
};

/** Choice length as a reader sees it: characters of the trimmed text. */
const lengthOf = (choice: string) => Array.from(choice.trim()).length;

/** The cue figures of a set of items (a part's pool). All shares are 0 for no items. */
export function choiceCues(
  items: readonly { choices: readonly string[]; answerIndex: number }[],
): CueFigures {
  let longest = 0;
  let clearly = 0;
  let alwaysLongest = 0;
  const width = Math.max(0, ...items.map((q) => q.choices.length));
  const letters = new Array<number>(width).fill(0);
  for (const q of items) {
    const lengths = q.choices.map(lengthOf);
    const max = Math.max(...lengths);
    const tied = lengths.filter((l) => l === max).length;
    const key = lengths[q.answerIndex] ?? -1;
    if (key === max) {
      alwaysLongest += 1 / tied;
      if (tied === 1) longest += 1;
      const next = Math.max(0, ...lengths.filter((_, i) => i !== q.answerIndex));
      if (tied === 1 && key > CUE_RULES.clearRatio * next) clearly += 1;
    }
    if (q.answerIndex >= 0 && q.answerIndex < width) {
      letters[q.answerIndex] = (letters[q.answerIndex] ?? 0) + 1;
    }
  }
  const n = items.length;
  const share = (count: number) => (n === 0 ? 0 : count / n);
  return {
    items: n,
    longestKey: share(longest),
    clearlyLongestKey: share(clearly),
    alwaysLongest: share(alwaysLongest),
    alwaysLetter: letters.map(share),
  };
}

/** What a part's figures break of `CUE_RULES`, worded for the author who fixes it. */
export function cueProblems(figures: CueFigures): string[] {
  const problems: string[] = [];
  const pct = (x: number) => `${Math.round(x * 100)} %`;
  if (figures.longestKey > CUE_RULES.longestKey) {
    problems.push(
      `The key is the longest choice in ${pct(figures.longestKey)} of items; at most ${pct(CUE_RULES.longestKey)}.`,
    );
  }
  if (figures.clearlyLongestKey > CUE_RULES.clearlyLongestKey) {
    problems.push(
      `The key is clearly the longest (over ${CUE_RULES.clearRatio} × the next) in ${pct(figures.clearlyLongestKey)} of items; at most ${pct(CUE_RULES.clearlyLongestKey)}.`,
    );
  }
  if (figures.alwaysLongest >= CUE_RULES.strategyScore) {
    problems.push(
      `"Always pick the longest" scores ${pct(figures.alwaysLongest)}; it must stay under ${pct(CUE_RULES.strategyScore)}.`,
    );
  }
  figures.alwaysLetter.forEach((score, i) => {
    if (score >= CUE_RULES.strategyScore) {
      problems.push(
        `"Always pick ${String.fromCharCode(65 + i)}" scores ${pct(score)}; it must stay under ${pct(CUE_RULES.strategyScore)}.`,
      );
    }
  });
  return problems;
}
