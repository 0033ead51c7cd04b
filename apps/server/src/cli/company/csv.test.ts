import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads what a spreadsheet saves: a BOM, CRLF, quotes, doubled quotes and line breaks inside quotes', () => {
    const text = '\uFEFFAccount,Contact Email,Notes\r\n"Smith, Ann",ann@example.com,"She said ""hi""\r\nthen left"\r\nBob,bob@example.com,\r\n';
    expect(parseCsv(text)).toEqual({
      header: ['account', 'contact email', 'notes'],
      rows: [
        { line: 2, values: { account: 'Smith, Ann', 'contact email': 'ann@example.com', notes: 'She said "hi"\r\nthen left' } },
        { line: 4, values: { account: 'Bob', 'contact email': 'bob@example.com', notes: '' } },
      ],
    });
  });

  it('skips blank lines and names the line of what it cannot read', () => {
    expect(parseCsv('a,b\n\n1,2\n').rows).toEqual([{ line: 3, values: { a: '1', b: '2' } }]);
    expect(() => parseCsv('a,b\n1,2,3\n')).toThrow(new CsvError('Line 2: 3 fields where the first line names 2 columns.'));
    expect(() => parseCsv('a,b\n1,"2\n')).toThrow(new CsvError('Line 2: a quoted field is never closed.'));
    expect(() => parseCsv('a,a\n')).toThrow(new CsvError('Line 1: the column a is named twice.'));
    expect(() => parseCsv('')).toThrow(new CsvError('The file is empty: the first line must name the columns.'));
    expect(() => parseCsv('a,b\nx"y,2\n')).toThrow(CsvError);
  });
});
