import type * as PGliteModule from '@electric-sql/pglite';

type PGlite = PGliteModule.PGlite;
/** PGlite's protocol and result parsing, from the module the caller loaded: PGlite loads on first use (decision 084). */
type PGliteProtocol = Pick<typeof PGliteModule, 'parse' | 'protocol'>;

/**
 * PGlite plans every statement on every call: its `query` sends Parse with no name each time, and the WebAssembly
 * PostgreSQL parses, analyses and plans the text again. For the entities page (3,400 characters, a dozen joins) that
 * is most of its cost (docs/decisions/086-pglite-prepared-statements.md). PostgreSQL's own protocol has the answer the
 * pg driver uses on the other databases: a named statement is parsed once and then only bound and executed, and
 * PostgreSQL keeps its plan.
 *
 * `preparedStatements(client)` makes the client's `query` do that, keyed by the statement's text: the first call of a
 * text parses it under a name and asks for its parameter and row descriptions; every call then sends Bind, Execute and
 * Sync alone. It takes PGlite's own two locks in the order its `query` takes them, so it never interleaves with another
 * query or an open transaction. Transactions keep PGlite's path (their queries go through the transaction object), and
 * so does `exec`, and so does COPY (its rows go through PGlite's blob device).
 */

type QueryOptions = Parameters<PGlite['query']>[2];
type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/** What PGlite keeps to itself but does the same way in its own `query`. */
interface PGliteInternals {
  _checkReady(): Promise<void>;
  _runExclusiveTransaction<T>(task: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(task: () => Promise<T>): Promise<T>;
  serializers: Record<number, (value: unknown) => string>;
  parsers: Parameters<typeof PGliteModule.parse.parseResults>[1];
}

interface Statement {
  name: string;
  parameterTypes: number[];
  /** The row description, or none for a statement that returns no rows. */
  rowDescription: BackendMessage | null;
}

/** Statements kept named at once; the oldest is closed past it (the texts come from code, so this is rarely reached). */
export const MAX_PREPARED_STATEMENTS = 500;

/**
 * Runs in PGlite's thread from its source text (db/pglite-thread.ts, decision 087): it may use its arguments, its own
 * locals and JavaScript's globals, nothing else of this module (the thread passes `limit` itself).
 */
export function preparedStatements(
  client: PGlite,
  { parse, protocol }: PGliteProtocol,
  limit = MAX_PREPARED_STATEMENTS,
  /** Told each statement's own time, from taking PGlite's lock to its answer (the wait behind others left out). */
  onStatement?: (text: string, ms: number) => void,
) {
  const { serialize } = protocol;
  const internals = client as unknown as PGliteInternals;
  const statements = new Map<string, Statement>();
  let counter = 0;
  const send = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });

  const prepare = async (text: string, options: QueryOptions): Promise<Statement> => {
    const name = `pglite_${++counter}`;
    await send(serialize.parse({ name, text, types: options?.paramTypes ?? [] }));
    const described = await send(serialize.describe({ type: 'S', name }));
    const statement: Statement = {
      name,
      parameterTypes: parse.parseDescribeStatementResults(described),
      rowDescription: described.find((message) => message.name === 'rowDescription') ?? null,
    };
    if (statements.size >= limit) {
      const [oldestText, oldest] = statements.entries().next().value as [string, Statement];
      statements.delete(oldestText);
      await send(serialize.close({ type: 'S', name: oldest.name }));
    }
    statements.set(text, statement);
    return statement;
  };

  const unprepared = client.query.bind(client);
  const query = async (text: string, params: unknown[] = [], options?: QueryOptions) => {
    // COPY moves its rows through PGlite's blob device, which only its own path reads and writes.
    if (options?.blob || /^\s*copy\b/i.test(text)) return unprepared(text, params, options);
    await internals._checkReady();
    return internals._runExclusiveTransaction(() =>
      internals._runExclusiveQuery(async () => {
        const started = onStatement ? performance.now() : 0;
        const messages: BackendMessage[] = [];
        let statement: Statement | undefined;
        try {
          statement = statements.get(text) ?? (await prepare(text, options));
          const parameterTypes = statement.parameterTypes;
          const values = params.map((value, index) => {
            if (value === null || value === undefined) return null;
            const type = parameterTypes[index]!;
            const serializer = options?.serializers?.[type] ?? internals.serializers[type];
            return serializer ? serializer(value) : String(value);
          });
          messages.push(...(await send(serialize.bind({ statement: statement.name, values }))));
          messages.push(...(await send(serialize.execute({}))));
        } catch (error) {
          // As PGlite's own query does: the statement and its values ride on the error, for the log.
          if (error instanceof Error) Object.assign(error, { query: text, params, queryOptions: options });
          throw error;
        } finally {
          messages.push(...(await send(serialize.sync())));
        }
        if (!client.isInTransaction()) await client.syncToFs();
        const described = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
        const results = parse.parseResults(described, internals.parsers, options)[0]!;
        onStatement?.(text, performance.now() - started);
        return results;
      }),
    );
  };

  client.query = query as PGlite['query'];
  return {
    /** How many texts are held as named statements. */
    get size() {
      return statements.size;
    },
  };
}
