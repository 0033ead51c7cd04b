import type { FastifySerializerCompiler } from 'fastify';

/**
 * For hot read routes whose answers are built field by field by typed serializers (TypeScript
 * checks them against the contract's types): JSON.stringify without parsing the whole answer with
 * zod again on every request. The route still declares its reply schemas (OpenAPI, 4xx shapes),
 * and the tests parse every answer with the strict contract schemas. See docs/decisions/016-trusted-serializers-on-hot-reads.md.
 */
export const trustedSerializerCompiler: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);

type Page = { current_page: number; data: unknown[] };

/**
 * The trusted serializer for a page whose items each end with an object many of them share, by reference: the
 * entities list, where thirty projects carry the same company (about half the answer's bytes). Each shared object
 * is stringified once per answer and its text repeated; the bytes are JSON.stringify's, key for key (a test holds
 * them to it). Any other answer of the route (its errors) goes through JSON.stringify.
 */
export function sharedLastKeySerializerCompiler(key: string): FastifySerializerCompiler<unknown> {
  return ({ httpStatus }) => (String(httpStatus) === '200' ? (data) => stringifyPageSharing(data as Page, key) : (data) => JSON.stringify(data));
}

export function stringifyPageSharing(page: Page, key: string): string {
  const texts = new Map<object, string>();
  const items = page.data.map((item) => {
    const record = item as Record<string, unknown>;
    const shared = record[key];
    const keys = Object.keys(record);
    // Only where the key is there, last, and an object: elsewhere plain JSON says it the same way.
    if (shared === null || typeof shared !== 'object' || keys[keys.length - 1] !== key) return JSON.stringify(item);
    let text = texts.get(shared);
    if (text === undefined) texts.set(shared, (text = JSON.stringify(shared)));
    // Left out for a moment (JSON.stringify skips an undefined value) and written back as text where it stood, last.
    record[key] = undefined;
    try {
      const rest = JSON.stringify(record);
      return `${rest.length > 2 ? rest.slice(0, -1) + ',' : '{'}${JSON.stringify(key)}:${text}}`;
    } finally {
      record[key] = shared;
    }
  });
  // `{"current_page":N,"data":[]…`: the items go between those brackets (current_page is a number, so this is the first).
  const shell = JSON.stringify({ ...page, data: [] });
  const at = shell.indexOf('"data":[]') + '"data":['.length;
  return `${shell.slice(0, at)}${items.join(',')}${shell.slice(at)}`;
}
