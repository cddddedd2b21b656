import { describe, expect, it } from 'vitest';
import { csvHeader, csvRow, exportFileName, exportText } from '../../../shared/export/columns';
import { csvCell, csvLine, parseCsv, unguarded } from '../../../shared/export/csv';

/* Exports as CSV and JSON, one home for the window and the command line. */

/** The one cell of a CSV line, as the importer reads it. */
function parseCsvCell(line: string): string {
  return parseCsv(line).rows[0]!.cells[0]!;
}

describe('CSV', () => {
  it('quotes what needs it, doubles quotes, ends lines with CRLF', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'two\nlines', null, 3, [1, 2]])).toBe('a,"b,c","say ""hi""","two\nlines",,3,1 2\r\n');
  });

  it('keeps a spreadsheet from running a cell as a formula, but leaves phone numbers and negative values alone', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('+cmd|calc')).toBe("'+cmd|calc");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('+41')).toBe('+41');
    expect(csvCell('+41 79 123 45 67')).toBe('+41 79 123 45 67');
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(unguarded("'=1+1")).toBe('=1+1');
    expect(unguarded("'+41")).toBe('+41');
    expect(unguarded(" it's ")).toBe("it's");
  });

  it('sees a formula behind what a spreadsheet skips: spaces, line breaks, NBSP, zero-width spaces, a BOM, full-width signs', () => {
    for (const lead of [' ', '\n', '\u00a0', '\u200b', '\ufeff', '  \u200b ']) {
      const cell = csvCell(`${lead}=HYPERLINK("x")`);
      expect(cell.replace(/^"/, ''), JSON.stringify(lead)).toMatch(/^'/);
      expect(unguarded(parseCsvCell(cell))).toBe(`${lead}=HYPERLINK("x")`.trim());
    }
    for (const formula of ['\uff1dcmd|calc', '\uff20SUM(A1)', '\uff0bcmd', '\uff0d2+3']) expect(csvCell(formula), formula).toBe(`'${formula}`);
    expect(csvCell(' +41 79 123 45 67')).toBe(' +41 79 123 45 67');
  });

  it('reads back what it writes, quoted commas, quotes and line breaks included; blank lines are skipped', () => {
    const text = `${csvLine(['email', 'note'])}\n${csvLine(['a@example.com', 'x, "y"\nz'])}${csvLine(['b@example.com', ''])}`;
    expect(parseCsv(text).rows).toEqual([
      { line: 1, cells: ['email', 'note'] },
      { line: 3, cells: ['a@example.com', 'x, "y"\nz'] },
      { line: 5, cells: ['b@example.com', ''] },
    ]);
  });
});

describe('reading a CSV that is not well formed', () => {
  it('names the line where a quote opens and never closes', () => {
    const parsed = parseCsv('a@example.com\nb@example.com,"unclosed\nc@example.com\n');
    expect(parsed.unclosedQuoteLine).toBe(2);
  });

  it('stops at the row cap and says it did', () => {
    const parsed = parseCsv(Array.from({ length: 10 }, (_, i) => `u${i}@example.com`).join('\n'), 4);
    expect(parsed.rows.map((row) => row.line)).toEqual([1, 2, 3, 4]);
    expect(parsed.cutAtRows).toBe(true);
    expect(parseCsv('a\nb', 2).cutAtRows).toBe(false);
  });
});

describe('export columns', () => {
  it('subscriptions: their kind told by their fields, in the columns the import reads', () => {
    expect(csvHeader('subscriptions')).toBe('id,kind,email,phone_country_code,phone_number,webhook_url,service_ids,inserted_at\r\n');
    expect(csvRow('subscriptions', { id: 's1', phone_country_code: '+41', phone_number: '79 123 45 67', service_ids: [1, 2] })).toBe(
      's1,sms,,+41,79 123 45 67,,1 2,\r\n',
    );
  });

  it('incidents: the number of updates and the newest one', () => {
    const incident = { id: 7, type: 'minor', title: 'Slow', updates: [{ type: 'resolved', description: 'Fixed, for now' }, { type: 'issue' }] };
    expect(csvRow('incidents', incident)).toBe('7,minor,Slow,,,,2,resolved,"Fixed, for now",\r\n');
  });

  it('times carry their zone: UTC by default, the offset of the zone asked for (as the window or --utc says)', () => {
    const member = { id: 1, email: 'a@example.com', role: 'admin', inserted_at: '2026-12-02T00:38:14' };
    expect(csvRow('members', member)).toBe('1,a@example.com,,admin,2026-12-02T00:38:14Z\r\n');
    expect(csvRow('members', member, { zone: 'America/New_York' })).toBe('1,a@example.com,,admin,2026-12-01T19:38:14-05:00\r\n');
    expect(csvRow('members', member, { zone: 'Europe/Berlin' })).toBe('1,a@example.com,,admin,2026-12-02T01:38:14+01:00\r\n');
    expect(csvRow('members', { ...member, inserted_at: '2026-07-01T12:00:00' }, { zone: 'Europe/Berlin' })).toBe(
      '1,a@example.com,,admin,2026-07-01T14:00:00+02:00\r\n',
    );
    expect(csvRow('members', { ...member, inserted_at: 'soon' })).toBe('1,a@example.com,,admin,soon\r\n');
  });

  it('JSON is one array, an item a line; file names say what and when', () => {
    expect(exportText('members', 'json', [{ id: 1 }, { id: 2 }])).toBe('[\n{"id":1},\n{"id":2}\n]\n');
    expect(exportText('members', 'json', [])).toBe('[]\n');
    expect(exportText('members', 'csv', [{ id: 1, email: 'a@example.com', role: 'admin' }])).toBe(
      'id,email,name,role,inserted_at\r\n1,a@example.com,,admin,\r\n',
    );
    expect(exportFileName('metricPoints', 'csv', 'page “acme”', new Date('2026-06-01T10:00:00Z'))).toBe('page-acme-metric-points-2026-06-01.csv');
  });
});
