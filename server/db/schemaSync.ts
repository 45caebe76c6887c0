import { isVirtualField } from '../../resources/shape/fields.js';
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
        if (field.name === decl.idField || isVirtualField(field)) continue;
        builder = builder.addColumn(field.writeOnly?.column ?? field.name, columnType(field, dialect), (c) =>
          field.default !== undefined && field.default !== null ? c.defaultTo(field.default) : c,
        );
      }
      await builder.execute();
      await ensureIndexes(db, decl);
      continue;
    }
    const have = new Set(existing.columns.map((c) => c.name));
    for (const field of decl.fields) {
      // A write-only field is stored in its own column (`writeOnly.column`: a password's hash).
      if (have.has(field.name) || isVirtualField(field) || field.writeOnly) continue;
      await db.schema
        .alterTable(decl.table)
        .addColumn(field.name, columnType(field, dialect), (c) =>
          field.default !== undefined && field.default !== null ? c.defaultTo(field.default) : c,
        )
        .execute();
    }
    await ensureIndexes(db, decl);
  }
}

/**
 * Columns lists filter and sort by get an index each: the default sort, the sortable columns, the exact
 * filters and the ownership columns data scopes filter on. `if not exists` keeps every start cheap.
 */
export function indexedColumns(decl: ResourceDecl): string[] {
  const have = new Set(decl.fields.filter((f) => !isVirtualField(f)).map((f) => f.name));
  const wanted = [
    decl.list.defaultSort.field,
    ...decl.list.sortable,
    ...decl.list.filters.filter((f) => f.op !== 'like').map((f) => f.field),
    ...(decl.ownership ? [decl.ownership.department, decl.ownership.creator] : []),
  ];
  return [...new Set(wanted)].filter((name) => name !== decl.idField && have.has(name));
}

async function ensureIndexes(db: Db, decl: ResourceDecl) {
  for (const column of indexedColumns(decl)) {
    const name = `${decl.table}_${column}_idx`.slice(0, 63);
    await db.schema.createIndex(name).ifNotExists().on(decl.table).column(column).execute();
  }
}
