import { getTableColumns, sql, type SQL, type Table } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Helpers for the hot path's compound statements (decision 120): one statement that writes
 * several tables and answers several rows, each as JSON (`row_to_json`), read back into the typed
 * rows drizzle would have returned. Both drivers (node-postgres and PGlite) parse a `json` column.
 */

/** The row drizzle would return for `table`, from `row_to_json` of one of its rows (null stays null). */
export function rowFromJson<T extends Table>(table: T, json: unknown): T['$inferSelect'] | null {
  if (json === null || json === undefined) return null;
  const raw = (typeof json === 'string' ? JSON.parse(json) : json) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, col] of Object.entries(getTableColumns(table))) {
    const value = raw[col.name];
    out[key] = value === null || value === undefined ? null : col.mapFromDriverValue(value);
  }
  return out;
}

/** The SQL type of a column for a cast (serial types are their integer type once stored). */
function castType(col: PgColumn): string {
  const type = col.getSQLType();
  if (type === 'bigserial') return 'bigint';
  if (type === 'serial') return 'integer';
  return type;
}

function param(col: PgColumn, value: unknown): SQL {
  const v = value === null || value === undefined ? null : col.mapToDriverValue(value);
  return sql`${v}::${sql.raw(castType(col))}`;
}

/**
 * `(col, col, …)` and `col-values, …` of an `insert … select` for `values` (keys are the table's
 * property names). Each value is cast to its column's type: a parameter in a SELECT list has no
 * type of its own, unlike one in VALUES.
 */
export function insertParts<T extends Table>(
  table: T,
  values: Partial<T['$inferInsert']>,
): { columns: SQL; values: SQL } {
  const cols = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(values).filter((k) => (values as Record<string, unknown>)[k] !== undefined);
  for (const k of keys) if (!cols[k]) throw new Error(`no column ${k} in the table`);
  return {
    columns: sql.join(
      keys.map((k) => sql.identifier(cols[k]!.name)),
      sql`, `,
    ),
    values: sql.join(
      keys.map((k) => param(cols[k]!, (values as Record<string, unknown>)[k])),
      sql`, `,
    ),
  };
}

/** `col = value, …` of an update's SET for `patch` (keys are the table's property names). */
export function setParts<T extends Table>(table: T, patch: Partial<T['$inferInsert']>): SQL[] {
  const cols = getTableColumns(table) as Record<string, PgColumn>;
  return Object.entries(patch)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => {
      const col = cols[k];
      if (!col) throw new Error(`no column ${k} in the table`);
      return sql`${sql.identifier(col.name)} = ${param(col, v)}`;
    });
}

/** The rows of a raw `db.execute` on either driver. */
export function resultRows<R>(result: unknown): R[] {
  return (result as { rows: R[] }).rows;
}
