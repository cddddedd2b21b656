/*
 * CSV as spreadsheets and importers read it (RFC 4180): comma separated, a cell quoted when it holds a comma, a
 * quote or a line break, quotes doubled, lines ended by CRLF. A cell a spreadsheet would run as a formula
 * (starting with =, @, a tab or a carriage return, or + or - not followed by a number) is prefixed with an
 * apostrophe, so an exported subscriber list cannot run code when opened; a phone number ("+41 79 …") and a
 * negative value stay as they are, and the importer takes the apostrophe off again.
 */

const NUMBER_LIKE = /^[+-][\d\s().]*$/;

/** A value as one cell's text: lists joined with spaces, objects as JSON, nothing as empty. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(cellText).join(' ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function csvCell(value: unknown): string {
  let text = cellText(value);
  if (/^[=@\t\r]/.test(text) || (/^[+-]/.test(text) && !NUMBER_LIKE.test(text))) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * Parses CSV text into rows of cells (quoted cells may hold commas, quotes and line breaks). Empty lines are
 * left out; each row keeps the line number it starts on, for messages.
 */
export function parseCsv(text: string): Array<{ line: number; cells: string[] }> {
  const rows: Array<{ line: number; cells: string[] }> = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
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
      touched = true;
    } else if (char === ',') {
      cells.push(cell);
      cell = '';
      touched = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRow();
      line++;
      start = line;
    } else cell += char;
  }
  if (cell !== '' || cells.length > 0 || touched) endRow();
  return rows;
}

/** A cell as it was before export: the formula guard's apostrophe taken off, whitespace trimmed. */
export function unguarded(cell: string): string {
  const text = cell.trim();
  return /^'[=@+\-\t\r]/.test(text) ? text.slice(1) : text;
}
