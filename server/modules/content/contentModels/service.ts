import { sql } from 'kysely';
import contentModelDecl, { CONTENT_FIELD_TYPES } from '../../../../resources/contentModel.js';
import { readChildTree } from '../../../crud/childTree.js';
import { type Db, type DialectName, type Row, dynamic } from '../../../db/types.js';
import { loadColumnsKept } from '../columns/service.js';
import { invalidValue, missingParam } from '../../../http/errors.js';
import { DATE_RE, normaliseDateTime } from '../../../util/time.js';
import { sanitizeArticleHtml } from '../../../shared/articleHtml.js';
import { plainText } from '../../../shared/text.js';

/** Field (column) names: a lowercase letter, then lowercase letters, digits, underscores; 1–30 in all. */
export const FIELD_NAME_RE = /^[a-z][a-z0-9_]{0,29}$/;
const RESERVED_FIELDS = new Set(['articleid', 'id', 'oid', 'ctid', 'xmin', 'xmax', 'cmin', 'cmax', 'tableoid', 'rowid']);

/** The physical table of a model: always prefixed, so it can never be a core table. */
export const physicalTable = (cmTableName: string) => `cm_${cmTableName}`;

export interface ModelField {
  fieldId: number;
  fieldCmId: number;
  fieldTipsName: string;
  fieldFieldName: string;
  fieldType: number;
  fieldOptions: string[];
  fieldRequired: number;
  fieldSort: number;
  fieldDefault: string | null;
}

export interface Model {
  cmId: number;
  cmTipsName: string;
  cmTableName: string;
  createTime?: string;
  updateTime?: string;
  fields: ModelField[];
}

/** A model with its fields in their order (the declared child collection, as the get answers them). */
export async function loadModel(db: Db, cmId: number): Promise<Model | undefined> {
  const m = await db.selectFrom('content_model').selectAll().where('cmId', '=', cmId).executeTakeFirst();
  if (!m) return undefined;
  return {
    cmId: m.cmId,
    cmTipsName: String(m.cmTipsName),
    cmTableName: String(m.cmTableName),
    createTime: m.createTime as string,
    updateTime: m.updateTime as string,
    fields: (await readChildTree(dynamic(db), contentModelDecl.children[0], [cmId])) as unknown as ModelField[],
  };
}

/** The content model of a column, with its fields; undefined when the column has none. */
export async function modelOfColumn(db: Db, columnId: number): Promise<Model | undefined> {
  // The kept column list when the call has it (a save, twice: session 32), else the one row.
  const kept = loadColumnsKept.ifKept(db);
  const c = kept ? (await kept).find((k) => k.categoryId === columnId) : await db.selectFrom('category').select('columnContentModelId').where('categoryId', '=', columnId).executeTakeFirst();
  const id = c?.columnContentModelId;
  if (id === null || id === undefined) return undefined;
  return loadModel(db, id);
}

/** Validates one field definition from a client body (save and update of fields). */
export function readFieldDefinition(input: Row, mode: 'create' | 'update'): Row {
  const out: Row = {};
  if (mode === 'create' || input.fieldFieldName !== undefined) {
    const name = input.fieldFieldName;
    if (name === undefined || name === null || name === '') throw missingParam('fieldFieldName');
    const text = String(name).trim();
    if (!FIELD_NAME_RE.test(text)) throw invalidValue('字段名只能以小写字母开头，由小写字母、数字和下划线组成，长度不超过30个字符');
    if (RESERVED_FIELDS.has(text)) throw invalidValue(`字段名不能使用保留字：${text}`);
    out.fieldFieldName = text;
  }
  if (mode === 'create' || input.fieldTipsName !== undefined) {
    const tips = typeof input.fieldTipsName === 'string' ? plainText(input.fieldTipsName, 'input') : '';
    if (!tips) throw missingParam('fieldTipsName');
    if ([...tips].length > 50) throw invalidValue('字段提示名长度不能超过50个字符');
    out.fieldTipsName = tips;
  }
  if (mode === 'create' || input.fieldType !== undefined) {
    const type = Number(input.fieldType ?? 1);
    if (!CONTENT_FIELD_TYPES.some((t) => t.value === type)) {
      throw invalidValue(`字段类型无效，可选值：${CONTENT_FIELD_TYPES.map((t) => `${t.value}（${t.label}）`).join('、')}`);
    }
    out.fieldType = type;
  }
  if (input.fieldOptions !== undefined) {
    const raw = input.fieldOptions;
    const list = (Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[\n,，]/) : []).map((s) => plainText(s, 'input')).filter(Boolean);
    if (list.length > 100) throw invalidValue('下拉选项不能超过100个');
    out.fieldOptions = JSON.stringify([...new Set(list)]);
  }
  if (input.fieldRequired !== undefined) out.fieldRequired = Number(input.fieldRequired) === 1 || input.fieldRequired === true ? 1 : 0;
  if (input.fieldSort !== undefined) {
    const n = Number(input.fieldSort);
    if (!Number.isInteger(n) || n < 0 || n > 9999) throw invalidValue('字段排序必须是0–9999的整数');
    out.fieldSort = n;
  }
  if (input.fieldDefault !== undefined) out.fieldDefault = input.fieldDefault === null ? null : plainText(input.fieldDefault, 'input').slice(0, 500);
  const type = out.fieldType ?? input.fieldType;
  if (Number(type) === 6 && mode === 'create' && (!out.fieldOptions || out.fieldOptions === '[]')) throw invalidValue('下拉选择字段至少需要一个选项');
  return out;
}

const columnTypeOf = (fieldType: number, dialect: DialectName) =>
  fieldType === 4 ? (dialect === 'postgres' ? 'double precision' : 'real') : 'text';

/** True when the model table of this name exists (with or without its model). */
export const tableExists = async (db: Db, name: string) => (await db.introspection.getTables()).some((t) => t.name === physicalTable(name));

/** Creates the model's table when missing and adds a column for each field it lacks (additive). */
export async function ensureModelTable(db: Db, dialect: DialectName, cmTableName: string, fields: readonly Pick<ModelField, 'fieldFieldName' | 'fieldType'>[]): Promise<void> {
  const table = physicalTable(cmTableName);
  await db.schema.createTable(table).ifNotExists().addColumn('articleId', 'integer', (c) => c.primaryKey()).execute();
  const have = new Set((await db.introspection.getTables()).find((t) => t.name === table)?.columns.map((c) => c.name) ?? []);
  for (const f of fields) {
    if (have.has(f.fieldFieldName)) continue;
    await db.schema.alterTable(table).addColumn(f.fieldFieldName, sql.raw(columnTypeOf(f.fieldType, dialect))).execute();
  }
}

/** Checks a `{ fieldName: value }` object against a model; answers the values to store. */
export function validateFieldValues(model: Model, input: unknown, mode: 'create' | 'update'): Row {
  const bag = input && typeof input === 'object' && !Array.isArray(input) ? (input as Row) : {};
  const out: Row = {};
  for (const f of model.fields) {
    const present = Object.prototype.hasOwnProperty.call(bag, f.fieldFieldName);
    let raw = bag[f.fieldFieldName];
    if (!present && mode === 'create' && f.fieldDefault !== null) raw = f.fieldDefault;
    const blank = raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
    if (blank) {
      if (f.fieldRequired && (present || mode === 'create')) throw invalidValue(`请填写${f.fieldTipsName}`);
      if (present) out[f.fieldFieldName] = null;
      continue;
    }
    if (typeof raw !== 'string' && typeof raw !== 'number') throw invalidValue(`${f.fieldTipsName}格式不正确`);
    const text = String(raw).trim();
    switch (f.fieldType) {
      case 4: {
        const n = Number(text);
        if (!Number.isFinite(n)) throw invalidValue(`${f.fieldTipsName}必须是数字`);
        out[f.fieldFieldName] = n;
        break;
      }
      case 5: {
        const v = DATE_RE.test(text) ? text : normaliseDateTime(text);
        if (!v) throw invalidValue(`${f.fieldTipsName}格式应为YYYY-MM-DD`);
        out[f.fieldFieldName] = v;
        break;
      }
      case 6:
        if (!f.fieldOptions.includes(text)) throw invalidValue(`${f.fieldTipsName}的值无效，可选值：${f.fieldOptions.join('、')}`);
        out[f.fieldFieldName] = text;
        break;
      case 3:
        out[f.fieldFieldName] = sanitizeArticleHtml(text);
        break;
      case 7:
      case 8:
        if (/^\s*(javascript|data|vbscript):/i.test(text) || text.length > 500) throw invalidValue(`${f.fieldTipsName}地址无效`);
        out[f.fieldFieldName] = text;
        break;
      default: {
        const plain = plainText(text, 'input');
        if ([...plain].length > (f.fieldType === 2 ? 5000 : 500)) throw invalidValue(`${f.fieldTipsName}长度超出限制`);
        out[f.fieldFieldName] = plain;
      }
    }
  }
  return out;
}

/** Writes an article's model values (insert or update of its one row). */
export async function saveFieldValues(db: Db, model: Model, articleId: number, values: Row): Promise<void> {
  const table = physicalTable(model.cmTableName);
  // A model's table is made at run time (ensureModelTable): the untyped handle.
  const modelDb = dynamic(db);
  const existing = await modelDb.selectFrom(table).select('articleId').where('articleId', '=', articleId).executeTakeFirst();
  if (existing) {
    if (Object.keys(values).length) await modelDb.updateTable(table).set(values).where('articleId', '=', articleId).execute();
  } else {
    await modelDb.insertInto(table).values({ ...values, articleId }).execute();
  }
}

export async function readFieldValues(db: Db, model: Model, articleId: number): Promise<Row> {
  const row = (await dynamic(db).selectFrom(physicalTable(model.cmTableName)).selectAll().where('articleId', '=', articleId).executeTakeFirst()) as Row | undefined;
  const out: Row = {};
  for (const f of model.fields) out[f.fieldFieldName] = row?.[f.fieldFieldName] ?? null;
  return out;
}
