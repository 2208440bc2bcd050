import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { serverRoot } from '../lib/paths.ts';
import { createPreparedRunner, isStalePlan } from './pglite-prepared.ts';
import * as accountSchema from './schema/account.ts';
import * as authSchema from './schema/auth.ts';
import * as blogSchema from './schema/blog.ts';
import * as botsSchema from './schema/bots.ts';
import * as chatsSchema from './schema/chats.ts';
import * as ledgerSchema from './schema/ledger.ts';
import * as platformSchema from './schema/platform.ts';
import * as paymentsSchema from './schema/payments.ts';
import * as safetySchema from './schema/safety.ts';
import * as settingsSchema from './schema/settings.ts';
import * as usersSchema from './schema/users.ts';

export const schema = {
  ...usersSchema,
  ...authSchema,
  ...accountSchema,
  ...ledgerSchema,
  ...paymentsSchema,
  ...settingsSchema,
  ...botsSchema,
  ...chatsSchema,
  ...platformSchema,
  ...safetySchema,
  ...blogSchema,
};
export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Repositories accept either the database or a transaction. */
export type DbOrTx = Db | Tx;

/** What the database layer has sent since it opened (the statements bench reads it). */
export type StatementStats = {
  /** Every statement sent, BEGIN/COMMIT/ROLLBACK/SAVEPOINT included. */
  statements: number;
  /** Transactions begun (BEGIN). */
  transactions: number;
  /** When set, the text of every statement is appended (a bench's debugging aid). */
  log?: string[];
};

const statsByDb = new WeakMap<object, StatementStats>();

/** The statement counter of a database opened by `openDatabase` (zeros for anything else). */
export function statementStats(db: object): StatementStats {
  return statsByDb.get(db) ?? { statements: 0, transactions: 0 };
}

function countStatement(stats: StatementStats, text: unknown): void {
  stats.statements++;
  const sql = typeof text === 'string' ? text : (text as { text?: unknown } | null)?.text;
  if (stats.log && typeof sql === 'string') stats.log.push(sql);
  if (typeof sql === 'string' && /^\s*begin\b/i.test(sql)) stats.transactions++;
}

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Statements and transactions sent so far (a live object). */
  stats: StatementStats;
  /** Runs the migrations (serialised across nodes on PostgreSQL). */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

/** Statement names by text, shared by every connection of the process (decision 192). */
const statementNames = new Map<string, string>();
const MAX_NAMED = 512;
let namedSeq = 0;

/**
 * PostgreSQL: a parameterised statement from drizzle (`{ text, types }`) gets a name, so each
 * connection parses and plans its text once and then only binds and executes it (decision 192).
 */
function namedStatement(config: unknown): { text: string; name: string } | null {
  if (typeof config !== 'object' || config === null) return null;
  const c = config as { text?: unknown; name?: unknown };
  const text = c.text;
  if (typeof text !== 'string' || c.name || !/\$1\b/.test(text)) return null;
  let name = statementNames.get(text);
  if (!name) {
    if (statementNames.size >= MAX_NAMED) return null;
    name = `amora_${(++namedSeq).toString(36)}`;
    statementNames.set(text, name);
  }
  return { ...c, text, name };
}

export function migrationsFolder(): string {
  return join(serverRoot(), 'src', 'db', 'migrations');
}

const MIGRATION_LOCK_KEY = 7_303_117;

export function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** An in-memory PGlite starts from this dump of an already migrated database (tests). */
  pgliteTemplate?: Blob | File | undefined;
  /**
   * PGlite: transactions that queue for the one connection run together in one transaction,
   * each in its own savepoint (decision 121). Default off; PostgreSQL ignores it.
   */
  groupCommit?: boolean | undefined;
  /** PostgreSQL: the pool's most connections (default 20). */
  poolSize?: number | undefined;
}): Database {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 20 });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it. Queries in flight still reject.
    });
    const stats: StatementStats = { statements: 0, transactions: 0 };
    // Every statement, pooled or in a transaction, goes through one of the pool's clients.
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as { query: unknown }).query = (...args: unknown[]) => {
        countStatement(stats, args[0]);
        const named = namedStatement(args[0]);
        if (!named) return query(...args);
        // A statement whose result columns changed under it (a migration by another node) is
        // forgotten: its next use gets a new name, parsed afresh on each connection.
        const forget = (err: unknown) => {
          if (isStalePlan(err) && statementNames.get(named.text) === named.name)
            statementNames.delete(named.text);
        };
        const rest = args.slice(1);
        const callback = rest.at(-1);
        if (typeof callback === 'function') {
          rest[rest.length - 1] = (err: unknown, res: unknown) => {
            forget(err);
            (callback as (err: unknown, res: unknown) => void)(err, res);
          };
          return query(named, ...rest);
        }
        return (query(named, ...rest) as Promise<unknown>).catch((err: unknown) => {
          forget(err);
          throw err;
        });
      };
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    statsByDb.set(db, stats);
    return {
      db,
      kind: 'postgres',
      stats,
      async migrate() {
        const client = new pg.Client({ connectionString: opts.databaseUrl });
        await client.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migratePg(drizzlePg(client), { migrationsFolder: migrationsFolder() });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
          await client.end();
        }
      },
      async close() {
        await pool.end();
      },
    };
  }
  let client: PGlite;
  if (opts.dataDir === undefined || opts.dataDir === 'memory://') {
    client = opts.pgliteTemplate ? new PGlite({ loadDataDir: opts.pgliteTemplate }) : new PGlite();
  } else {
    const dir = join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  }
  const stats: StatementStats = { statements: 0, transactions: 0 };
  joinOpenTransaction(client, stats, opts.groupCommit ?? false);
  const db = drizzlePglite(client, { schema });
  statsByDb.set(db, stats);
  return {
    db: db,
    kind: 'pglite',
    stats,
    async migrate() {
      await migratePglite(db, { migrationsFolder: migrationsFolder() });
    },
    async close() {
      await client.close();
    },
  };
}

/**
 * PGlite has one connection: a query made on the database while a transaction is open waits for
 * the transaction to end. If that query is awaited from inside the transaction (a settings read
 * whose cache just expired, say), both wait forever and every later request hangs with them.
 * Here a query issued from within a transaction's async context joins that transaction instead,
 * as it would share the connection anyway. On PostgreSQL the same read runs on another pooled
 * connection, so repositories may keep reading `db` inside a transaction on both.
 */
/** The PGlite transaction open in the current async context (one store for every PGlite client). */
const open = new AsyncLocalStorage<{ client: PGlite; tx: Transaction }>();

/** Whether the caller runs inside an open PGlite transaction (always false on PostgreSQL). */
export function inOpenTransaction(): boolean {
  const store = open.getStore();
  return store !== undefined && !store.tx.closed;
}

/** Runs `fn` outside any open PGlite transaction's context (work that must not join it). */
export function outsideTransaction<T>(fn: () => T): T {
  return open.exit(fn);
}

/** Most transactions one group commit carries (decision 121). */
const MAX_GROUP = 32;

type QueuedTransaction = {
  fn: (tx: Transaction) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
};

/** The first transaction of a group failed: the group rolls back and the others go on in the next. */
class FirstFailed extends Error {}

function joinOpenTransaction(client: PGlite, stats: StatementStats, groupCommit: boolean): void {
  let savepoints = 0;
  const transaction = client.transaction.bind(client);
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  // Statements prepared once and run in one call into the backend (decision 191). The locks are
  // those PGlite's own `query` takes: the query lock always, the transaction lock outside one.
  const prepared = createPreparedRunner(client);
  const locks = client as unknown as {
    _checkReady(): Promise<void>;
    _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
    _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  };
  const current = (): Transaction | undefined => {
    const store = open.getStore();
    return store && store.client === client && !store.tx.closed ? store.tx : undefined;
  };
  /** Counts a transaction's statements: BEGIN and COMMIT (or ROLLBACK) run inside PGlite. */
  const counted = (tx: Transaction): Transaction => {
    stats.statements += 2;
    stats.transactions++;
    stats.log?.push('BEGIN … COMMIT');
    const txQuery = tx.query.bind(tx);
    const txExec = tx.exec.bind(tx);
    tx.query = ((...args: Parameters<Transaction['query']>) => {
      countStatement(stats, args[0]);
      const [text, params, options] = args;
      if (options?.blob) return txQuery(...args);
      if (tx.closed) return Promise.reject(new Error('Transaction is closed'));
      return locks._runExclusiveQuery(() => prepared.run(text, params, options, true));
    }) as Transaction['query'];
    tx.exec = (...args: Parameters<Transaction['exec']>) => {
      countStatement(stats, args[0]);
      return txExec(...args);
    };
    return tx;
  };
  /**
   * Group commit (decision 121). A transaction that finds no group running starts one at once
   * (alone on an idle server: the same statements as before). Those that arrive while a group
   * runs join it, up to MAX_GROUP, else the next: ONE transaction, the first unit as is, each
   * later one inside its own savepoint, so a failure undoes only its own work (a failure of the
   * first rolls the group back before anything else ran in it). Every caller is answered after
   * the COMMIT, so none sees a result that could still be rolled back; a failed COMMIT fails them
   * all.
   */
  const queue: QueuedTransaction[] = [];
  let running = false;
  async function runGroups(): Promise<void> {
    running = true;
    try {
      while (queue.length) {
        const taken: QueuedTransaction[] = [];
        const outcomes: ({ ok: true; value: unknown } | { ok: false; err: unknown })[] = [];
        try {
          await transaction(async (raw) => {
            const tx = counted(raw);
            while (queue.length && taken.length < MAX_GROUP) {
              const unit = queue.shift()!;
              taken.push(unit);
              if (taken.length === 1) {
                try {
                  outcomes.push({ ok: true, value: await open.run({ client, tx }, () => unit.fn(tx)) });
                } catch (err) {
                  outcomes.push({ ok: false, err });
                  throw new FirstFailed();
                }
                continue;
              }
              await tx.exec('SAVEPOINT grouped');
              try {
                const value = await open.run({ client, tx }, () => unit.fn(tx));
                await tx.exec('RELEASE SAVEPOINT grouped');
                outcomes.push({ ok: true, value });
              } catch (err) {
                if (!tx.closed) await tx.exec('ROLLBACK TO SAVEPOINT grouped');
                outcomes.push({ ok: false, err });
              }
            }
          });
        } catch (err) {
          if (!(err instanceof FirstFailed))
            for (let i = 0; i < taken.length; i++) outcomes[i] = { ok: false, err };
        }
        taken.forEach((unit, i) => {
          const outcome = outcomes[i]!;
          if (outcome.ok) unit.resolve(outcome.value);
          else unit.reject(outcome.err);
        });
      }
    } finally {
      running = false;
    }
  }
  client.transaction = ((fn: (tx: Transaction) => Promise<unknown>) => {
    const outer = current();
    if (!outer && groupCommit) {
      return new Promise((resolve, reject) => {
        queue.push({ fn, resolve: resolve as (value: unknown) => void, reject });
        if (!running) void runGroups();
      });
    }
    if (!outer) return transaction((tx) => open.run({ client, tx: counted(tx) }, () => fn(tx)));
    // A transaction begun inside another: a savepoint, so that its failure undoes only its own work.
    const name = `joined_${++savepoints}`;
    return (async () => {
      await outer.exec(`SAVEPOINT ${name}`);
      try {
        const result = await fn(outer);
        await outer.exec(`RELEASE SAVEPOINT ${name}`);
        return result;
      } catch (err) {
        if (!outer.closed) await outer.exec(`ROLLBACK TO SAVEPOINT ${name}`);
        throw err;
      }
    })();
  }) as PGlite['transaction'];
  client.query = ((...args: Parameters<PGlite['query']>) => {
    const tx = current();
    if (tx) return tx.query(...args);
    countStatement(stats, args[0]);
    const [text, params, options] = args;
    if (options?.blob) return query(...args);
    return (async () => {
      await locks._checkReady();
      return locks._runExclusiveTransaction(() =>
        locks._runExclusiveQuery(async () => {
          const result = await prepared.run(text, params, options, false);
          await client.syncToFs();
          return result;
        }),
      );
    })();
  }) as PGlite['query'];
  client.exec = (...args: Parameters<PGlite['exec']>) => {
    const tx = current();
    if (tx) return tx.exec(...args);
    countStatement(stats, args[0]);
    return exec(...args);
  };
}

/** A dump of a freshly migrated in-memory PGlite, for starting many test databases quickly. */
export async function migratedPgliteTemplate(): Promise<File | Blob> {
  const database = openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  return dump;
}
