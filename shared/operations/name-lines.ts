import { checkOperationName, operationNameFromInput } from './operation-name';

interface NameLine {
  /** 1-based line number in the text the user typed. */
  line: number;
  name: string;
}

interface NameLineProblem {
  line: number;
  text: string;
  reason: string;
}

interface NameLines {
  /** Well-formed names, in order, each once. */
  names: string[];
  /** The same names with the line each came from. */
  valid: NameLine[];
  invalid: NameLineProblem[];
  /** Lines that repeated an earlier name. */
  duplicates: number;
}

/**
 * Splits a pasted list (one name per line) into names to send and lines to fix. Blank lines and the
 * spaces around a name are ignored: they come with copying from a terminal or a spreadsheet. A full
 * operation URL counts as its `projects/…` name.
 */
export function parseNameLines(text: string): NameLines {
  const valid: NameLine[] = [];
  const seen = new Set<string>();
  const invalid: NameLineProblem[] = [];
  let duplicates = 0;
  text.split(/\r?\n/).forEach((raw, index) => {
    const candidate = operationNameFromInput(raw);
    if (candidate === '') return;
    const check = checkOperationName(candidate);
    if (!check.ok) {
      invalid.push({ line: index + 1, text: candidate, reason: check.reason });
      return;
    }
    if (seen.has(candidate)) {
      duplicates++;
      return;
    }
    seen.add(candidate);
    valid.push({ line: index + 1, name: candidate });
  });
  return { names: valid.map((entry) => entry.name), valid, invalid, duplicates };
}
