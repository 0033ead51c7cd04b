/**
 * RFC 4180 CSV, as spreadsheets save it: commas, quoted fields with doubled quotes and line breaks inside, CRLF or LF,
 * a UTF-8 byte-order mark. The first line names the columns.
 */
export class CsvError extends Error {}

export function parseCsv(text: string): { header: string[]; rows: { line: number; values: Record<string, string> }[] } {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let fieldStarted = false;

  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === '' && !fieldStarted)) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    fieldStarted = false;
  };

  for (; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index++;
        } else quoted = false;
      } else {
        if (char === '\n') line++;
        field += char;
      }
      continue;
    }
    if (char === '"') {
      if (field !== '') throw new CsvError(`Line ${line}: a quote inside an unquoted field; quote the whole field.`);
      quoted = true;
      fieldStarted = true;
    } else if (char === ',') {
      fields.push(field);
      field = '';
      fieldStarted = true;
    } else if (char === '\r' && text[index + 1] === '\n') {
      continue;
    } else if (char === '\n') {
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += char;
      fieldStarted = true;
    }
  }
  if (quoted) throw new CsvError(`Line ${recordLine}: a quoted field is never closed.`);
  endRecord();

  const [head, ...body] = records;
  if (!head) throw new CsvError('The file is empty: the first line must name the columns.');
  const header = head.fields.map((name) => name.trim().toLowerCase());
  const seen = new Set<string>();
  for (const name of header) {
    if (!name) throw new CsvError('Line 1: a column has no name.');
    if (seen.has(name)) throw new CsvError(`Line 1: the column ${name} is named twice.`);
    seen.add(name);
  }
  return {
    header,
    rows: body.map((record) => {
      if (record.fields.length !== header.length) {
        throw new CsvError(`Line ${record.line}: ${record.fields.length} fields where the first line names ${header.length} columns.`);
      }
      return { line: record.line, values: Object.fromEntries(header.map((name, column) => [name, record.fields[column]!.trim()])) };
    }),
  };
}
