import type { FieldDecl, ResourceDecl } from '../../resources/types.js';

/** A JSON Schema (the subset OpenAPI 3.1 documents use here). */
export type JsonSchema = { [key: string]: unknown };

/** The JSON Schema of one declared field's value as the API carries it. */
export function fieldSchema(field: FieldDecl): JsonSchema {
  const base: JsonSchema = { title: field.label };
  if (field.help) base.description = field.help;
  if (field.readOnly || field.compute) base.readOnly = true;
  switch (field.type) {
    case 'number':
      return { ...base, type: field.decimals ? 'number' : 'integer', ...(field.min !== undefined && { minimum: field.min }), ...(field.max !== undefined && { maximum: field.max }) };
    case 'reference':
      return { ...base, type: 'integer', description: `${field.reference ?? ''} 的记录ID` };
    case 'enum': {
      const values = (field.options ?? []).map((o) => o.value);
      return { ...base, enum: values, description: (field.options ?? []).map((o) => `${o.value}=${o.label}`).join('，') };
    }
    case 'date':
      return { ...base, type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };
    case 'datetime':
      return { ...base, type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' };
    default:
      return { ...base, type: 'string', ...(field.maxLength !== undefined && { maxLength: field.maxLength }), ...(field.type === 'dict' && { description: `数据字典 ${field.dict ?? ''}` }) };
  }
}

/** A record as answered: every field (virtual ones included) and the declared joins. */
export function recordSchema(decl: ResourceDecl): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const f of decl.fields) properties[f.name] = fieldSchema(f);
  for (const j of decl.list.joins ?? []) properties[j.name] = { readOnly: true, title: `${j.table}.${j.column}` };
  return { type: 'object', title: decl.label, properties };
}

/** The body of a create (or, with the id, an update): the writable fields, required ones named. */
export function saveBodySchema(decl: ResourceDecl, update: boolean): JsonSchema {
  const properties: Record<string, JsonSchema> = update ? { [decl.idField]: { type: 'integer' } } : {};
  const required: string[] = update ? [decl.idField] : [];
  for (const f of decl.fields) {
    if (f.readOnly || f.compute || f.name === decl.idField) continue;
    properties[f.name] = fieldSchema(f);
    if (f.required && !update && (f.default === undefined || f.default === null)) required.push(f.name);
  }
  return { type: 'object', properties, ...(required.length && { required }) };
}

/** The search body of a list: paging, sort and the declared filters (a range as its two parameters). */
export function searchSchema(decl: ResourceDecl): JsonSchema {
  const pageParam = decl.api.pageParam ?? 'pageNum';
  const properties: Record<string, JsonSchema> = {
    [pageParam]: { type: 'integer', minimum: 1, default: 1 },
    pageSize: { type: 'integer', enum: [10, 20, 30, 50, 100, 200], default: 10 },
    sortField: { enum: decl.list.sortable },
    sortOrder: { enum: ['ASC', 'DESC'] },
  };
  for (const filter of decl.list.filters) {
    const field = decl.fields.find((f) => f.name === filter.field);
    if (filter.op === 'range') {
      const [start, end] = filter.params ?? ['startTime', 'endTime'];
      const one = field ? fieldSchema(field) : { type: 'string' };
      properties[start] = { ...one, title: `${field?.label ?? filter.field}（起）` };
      properties[end] = { ...one, title: `${field?.label ?? filter.field}（止）` };
    } else {
      properties[filter.field] = { ...(field ? fieldSchema(field) : { type: 'string' }), ...(filter.op === 'like' && { description: '包含' }) };
    }
  }
  return { type: 'object', properties };
}

/** The envelope every JSON answer has (docs/api-conventions.md), around `data`. */
export function envelope(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['errorCode', 'errorMsg'],
    properties: { errorCode: { type: 'string', description: '"0" 为成功' }, errorMsg: { type: 'string' }, data },
  };
}

export function pageOf(item: JsonSchema): JsonSchema {
  return { type: 'object', properties: { list: { type: 'array', items: item }, currPage: { type: 'integer' }, totalRow: { type: 'integer' }, totalPage: { type: 'integer' } } };
}
