/*
 * CSV as spreadsheets and importers read it (RFC 4180): comma separated, a cell quoted when it holds a comma, a
 * quote or a line break, quotes doubled, lines ended by CRLF. A cell a spreadsheet would run as a formula
 * (starting with =, @, a tab or a line break, or + or - not followed by a number, also after leading spaces,
 * NBSP, zero-width spaces or a BOM, and in their full-width forms) is prefixed with an apostrophe, so an exported subscriber list cannot run code when opened; a phone number ("+41 79 …") and a
 * negative value stay as they are, and the importer takes the apostrophe off again.
 */

const NUMBER_LIKE = /^[+-][\d\s().]*$/;
/** What a spreadsheet skips before it reads a formula: whitespace, line breaks, NBSP, zero-width spaces, a BOM. */
const INVISIBLE_LEAD = /^[\s\u00a0\u200b-\u200d\u2060\ufeff]+/;
/** Formula starters, the full-width forms (＝ ＠ ＋ －) included: some spreadsheets read those as = @ + - too. */
const FORMULA_START = /^[=@\uff1d\uff20]/;
const SIGN_START = /^[+\-\uff0b\uff0d]/;

/** True for a cell a spreadsheet could run as a formula. */
function looksLikeFormula(text: string): boolean {
  if (/^[\t\r\n]/.test(text)) return true;
  const shown = text.replace(INVISIBLE_LEAD, '');
  return FORMULA_START.test(shown) || (SIGN_START.test(shown) && !NUMBER_LIKE.test(shown));
}

/** A value as one cell's text: lists joined with spaces, objects as JSON, nothing as empty. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(cellText).join(' ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function csvCell(value: unknown): string {
  let text = cellText(value);
  if (looksLikeFormula(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * Parses CSV text into rows of cells (quoted cells may hold commas, quotes and line breaks). Empty lines are
 * left out; each row keeps the line number it starts on, for messages.
 */
interface ParsedCsv {
  rows: Array<{ line: number; cells: string[] }>;
  /** The line where a quote opened and never closed (the rest of the file became one cell), else null. */
  unclosedQuoteLine: number | null;
  /** More rows followed than `maxRows`: reading stopped there. */
  cutAtRows: boolean;
}

/** The rows of a CSV text (RFC 4180 quoting, CRLF or LF), each with the line it starts on; at most `maxRows`. */
export function parseCsv(text: string, maxRows = Number.POSITIVE_INFINITY): ParsedCsv {
  const rows: Array<{ line: number; cells: string[] }> = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let quoteLine = 0;
  let line = 1;
  let start = 1;
  let touched = false;
  const endRow = () => {
    cells.push(cell);
    if (touched || cells.length > 1 || cell.trim() !== '') rows.push({ line: start, cells });
    cells = [];
    cell = '';
    touched = false;
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        cell += char;
      }
      continue;
    }
    if (char === '"') {
      quoted = true;
      quoteLine = line;
      touched = true;
    } else if (char === ',') {
      cells.push(cell);
      cell = '';
      touched = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRow();
      if (rows.length > maxRows) return { rows: rows.slice(0, maxRows), unclosedQuoteLine: null, cutAtRows: true };
      line++;
      start = line;
    } else cell += char;
  }
  if (cell !== '' || cells.length > 0 || touched) endRow();
  if (rows.length > maxRows) return { rows: rows.slice(0, maxRows), unclosedQuoteLine: null, cutAtRows: true };
  return { rows, unclosedQuoteLine: quoted ? quoteLine : null, cutAtRows: false };
}

/** A cell as it was before export: the formula guard's apostrophe taken off, whitespace trimmed. */
export function unguarded(cell: string): string {
  const text = cell.trim();
  if (!text.startsWith("'")) return text;
  const rest = text.slice(1);
  const shown = rest.replace(INVISIBLE_LEAD, '');
  return /^[\t\r\n]/.test(rest) || FORMULA_START.test(shown) || SIGN_START.test(shown) ? rest.trim() : text;
}
