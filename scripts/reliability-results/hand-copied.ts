/*
 * docs/reliability.md says what each suite does; what a run measured is in docs/reliability-results.md, written
 * from the reports. These are the shapes a measured figure takes (a count of what a run did, a run's time), so
 * one copied by hand into the prose is found. A test's fixed parameters ("the 15 s interval", "a 30 s answer")
 * are not of these shapes.
 */
const MEASURED = [
  // A count of what a run did: "10,000 polls", "219 cases", "50 kills".
  /\b\d[\d,.]*\s+(?:polls|kills|payloads|cases|schedules|runs|tests)\b/g,
  // A run's time: "about 85 s", "in 8 min 29 s", "takes 1–2 minutes", "under 1 s".
  /\b(?:about|in|under|takes?|took)\s+\d[\d,.½]*(?:\s*[–-]\s*\d[\d,.]*)?\s*(?:ms|s|min|minutes|seconds)\b/g,
  // A range of times: "5–10 s", "30–50 s".
  /\b\d[\d,.]*\s*[–-]\s*\d[\d,.]*\s*(?:ms|s|min|minutes|seconds)\b/g,
];

/** The measured figures `text` names, in the order they stand; one inside another counts once. */
export function handCopiedFigures(text: string): string[] {
  const found = MEASURED.flatMap((pattern) =>
    [...text.matchAll(pattern)].map((match) => ({ at: match.index, end: match.index + match[0].length, figure: match[0] })),
  );
  found.sort((a, b) => a.at - b.at || b.end - a.end);
  let reached = 0;
  return found.filter((entry) => entry.at >= reached && (reached = entry.end) > 0).map((entry) => entry.figure);
}
