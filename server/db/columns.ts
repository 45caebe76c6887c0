import type { CreateTableBuilder } from 'kysely';
import type { DialectName } from './types.js';

/** An autoincrement integer key that works on both databases. */
export function addSerialKey<T extends string>(
  table: CreateTableBuilder<T, never>,
  column: string,
  dialect: DialectName,
): CreateTableBuilder<T, never> {
  return dialect === 'postgres'
    ? table.addColumn(column, 'serial', (c) => c.primaryKey())
    : table.addColumn(column, 'integer', (c) => c.primaryKey().autoIncrement());
}
