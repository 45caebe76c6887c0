import type { ColumnDataType } from 'kysely';
import type { FieldDecl, ResourceDecl } from '../../resources/types.js';
import { addSerialKey } from './columns.js';
import type { Db, DialectName } from './types.js';

/** Column type of a declared field; numbers with decimals become floating point. */
export function columnType(field: FieldDecl, dialect: DialectName): ColumnDataType {
  switch (field.type) {
    case 'number':
      return field.decimals ? (dialect === 'postgres' ? 'double precision' : 'real') : 'integer';
    case 'reference':
      return 'integer';
    case 'enum':
      return field.options?.every((o) => typeof o.value === 'number') ? 'integer' : 'text';
    default:
      return 'text';
  }
}

/**
 * Makes each declared table match its declaration: creates it when missing, adds missing columns.
 * Additive only: a column removed from a declaration stays in the database with its data.
 */
export async function syncDeclarationTables(db: Db, dialect: DialectName, decls: readonly ResourceDecl[]) {
  const tables = await db.introspection.getTables();
  for (const decl of decls) {
    const existing = tables.find((t) => t.name === decl.table);
    if (!existing) {
      let builder = addSerialKey(db.schema.createTable(decl.table), decl.idField, dialect);
      for (const field of decl.fields) {
        if (field.name === decl.idField) continue;
        builder = builder.addColumn(field.name, columnType(field, dialect), (c) =>
          field.default !== undefined && field.default !== null ? c.defaultTo(field.default) : c,
        );
      }
      await builder.execute();
      continue;
    }
    const have = new Set(existing.columns.map((c) => c.name));
    for (const field of decl.fields) {
      if (have.has(field.name)) continue;
      await db.schema
        .alterTable(decl.table)
        .addColumn(field.name, columnType(field, dialect), (c) =>
          field.default !== undefined && field.default !== null ? c.defaultTo(field.default) : c,
        )
        .execute();
    }
  }
}
