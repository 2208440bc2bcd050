import { type PGlite, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * PGlite's `query` sends every statement unnamed, in five calls into the WASM backend (Parse,
 * Describe, Bind, Describe, Execute) and a sixth for Sync: the text is parsed, analysed and
 * planned again each time. The message round trip's send statement alone took 1.6 ms that way
 * and 0.27 ms prepared (decision 191). Here each distinct text is prepared once per client under
 * a name (Parse + Describe + Sync, one call), then run as Bind + Execute + Sync in one call, with
 * the parameters serialised and the rows parsed exactly as `PGlite.query` does (the parameter
 * types from the statement's description, `options.parsers` over the client's own).
 *
 * The caller holds the locks `PGlite.query` would take (see `db/client.ts`).
 */
export type PreparedRunner = {
  run<T>(
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>>;
  /** How many statements are prepared now (tests). */
  readonly size: number;
};

/** The parts of PGlite's backend messages read here (`protocol.messages`). */
type Msg = {
  ParameterDescriptionMessage: { dataTypeIDs: number[] };
  RowDescriptionMessage: { fields: Field[] };
  DataRowMessage: { fields: (string | null)[] };
  CommandCompleteMessage: { text: string };
};
type Field = { name: string; dataTypeID: number };
type Prepared = { name: string; paramTypes: number[]; fields: Field[] };

/** Most statements one client keeps prepared; the least recently used is closed beyond it. */
export const MAX_PREPARED = 256;

/** Raised by PostgreSQL when a table a prepared statement reads changed its columns (SQLSTATE 0A000). */
export function isStalePlan(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  return (
    e?.code === '0A000' &&
    typeof e.message === 'string' &&
    e.message.includes('cached plan must not change result type')
  );
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.byteLength;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.byteLength;
  }
  return out;
}

/** Command tags whose count is of rows changed (as PGlite's own result parser). */
const CHANGES = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/** Statement names are unique in the process, so that two runners on one client never collide. */
let seq = 0;

export function createPreparedRunner(client: PGlite, max = MAX_PREPARED): PreparedRunner {
  const { serialize } = protocol;
  /** By text; a Map keeps insertion order, and each use re-inserts: the first key is the least recent. */
  const statements = new Map<string, Prepared>();
  /** Statements evicted, closed with the next call into the backend. */
  let closing: string[] = [];

  const closes = (): Uint8Array[] => {
    if (closing.length === 0) return [];
    const out = closing.map((name) => serialize.close({ type: 'S', name }));
    closing = [];
    return out;
  };

  /** A text parsed with other declared parameter types is another statement. */
  const keyOf = (text: string, options: QueryOptions | undefined) =>
    options?.paramTypes?.length ? `${options.paramTypes.join(',')}\u0000${text}` : text;

  async function prepare(key: string, text: string, options: QueryOptions | undefined): Promise<Prepared> {
    const name = `amora_${(++seq).toString(36)}`;
    const { messages } = await client.execProtocol(
      concat([
        ...closes(),
        serialize.parse({ name, text, types: options?.paramTypes ?? [] }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    let paramTypes: number[] = [];
    let fields: Field[] = [];
    for (const m of messages) {
      if (m.name === 'parameterDescription')
        paramTypes = (m as unknown as Msg['ParameterDescriptionMessage']).dataTypeIDs;
      else if (m.name === 'rowDescription')
        fields = (m as unknown as Msg['RowDescriptionMessage']).fields.map((f) => ({
          name: f.name,
          dataTypeID: f.dataTypeID,
        }));
    }
    const prepared = { name, paramTypes, fields };
    statements.set(key, prepared);
    while (statements.size > max) {
      const [oldest, p] = statements.entries().next().value as [string, Prepared];
      statements.delete(oldest);
      closing.push(p.name);
    }
    return prepared;
  }

  async function execute<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    const key = keyOf(text, options);
    let st = statements.get(key);
    if (st) {
      statements.delete(key);
      statements.set(key, st);
    } else st = await prepare(key, text, options);
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = st.paramTypes[i]!;
      const ser = options?.serializers?.[oid] ?? client.serializers[oid];
      // As PGlite: a type without a serializer is sent as the value's own text.
      return ser ? ser(param) : (param as { toString(): string }).toString();
    });
    const { messages } = await client.execProtocol(
      concat([
        ...closes(),
        serialize.bind({ statement: st.name, values }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const parsers: Array<(x: string, typeId?: number) => unknown> = st.fields.map(
      (f) => options?.parsers?.[f.dataTypeID] ?? client.parsers[f.dataTypeID] ?? ((x: string) => x),
    );
    const arrays = options?.rowMode === 'array';
    const rows: unknown[] = [];
    let affectedRows = 0;
    let rowCount: number | undefined;
    let command: string | undefined;
    for (const m of messages) {
      if (m.name === 'dataRow') {
        const values = (m as unknown as Msg['DataRowMessage']).fields;
        if (arrays)
          rows.push(values.map((v, i) => (v === null ? null : parsers[i]!(v, st.fields[i]!.dataTypeID))));
        else {
          const row: Record<string, unknown> = {};
          for (let i = 0; i < values.length; i++) {
            const v = values[i];
            row[st.fields[i]!.name] =
              v === null || v === undefined ? null : parsers[i]!(v, st.fields[i]!.dataTypeID);
          }
          rows.push(row);
        }
      } else if (m.name === 'commandComplete') {
        // As PGlite's own parser: "INSERT 0 5", "UPDATE 3", "SELECT 2"; a word-only tag has no count.
        const parts = (m as unknown as Msg['CommandCompleteMessage']).text.split(' ');
        const count = parseInt(parts[parts.length - 1]!, 10);
        command = parts[0];
        if (CHANGES.has(parts[0]!)) affectedRows += count;
        if (!Number.isNaN(count)) rowCount = count;
      }
    }
    const result = { rows: rows as T[], fields: st.fields, command, affectedRows } as Results<T> & {
      rowCount?: number;
    };
    if (rowCount !== undefined) result.rowCount = rowCount;
    return result;
  }

  return {
    get size() {
      return statements.size;
    },
    async run<T>(
      text: string,
      params: unknown[] = [],
      options: QueryOptions | undefined,
      inTransaction: boolean,
    ) {
      try {
        try {
          return await execute<T>(text, params, options);
        } catch (err) {
          // A table changed its columns under a prepared statement (a migration): prepare it again.
          // Inside a transaction the error has aborted it, so only the next use can recover.
          const key = keyOf(text, options);
          const st = statements.get(key);
          if (!isStalePlan(err) || !st) throw err;
          statements.delete(key);
          closing.push(st.name);
          if (inTransaction) throw err;
          return await execute<T>(text, params, options);
        }
      } catch (err) {
        // As PGlite's own errors: the statement and its parameters travel with the error.
        if (err && typeof err === 'object')
          Object.assign(err, { query: text, params, queryOptions: options });
        throw err;
      }
    },
  };
}
