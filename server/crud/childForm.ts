import type { ChildDecl } from '../../resources/relations/children.js';
import { formChildren, rowHeading } from '../../resources/relations/childForm.js';
import { inState, type Hooks, type RecordData } from '../../resources/behaviour.js';
import type { FieldDecl } from '../../resources/shape/fields.js';
import type { ResourceDecl } from '../../resources/types.js';
import type { DynamicDb, Row } from '../db/types.js';
import { invalidValue, missingParam } from '../http/errors.js';
import { cleanText } from '../public/text.js';
import { asInt } from '../shared/routeHelpers.js';
import { readChildTree, writeChildTree } from './childTree.js';
import { isBlank } from './validate.js';

/**
 * Child collections sent with their record (ChildDecl `form`, resources/relations/childForm.ts): the save
 * checks the rows against the declared inputs, replaces the stored rows in its transaction
 * (childTree.ts) and answers them with the record. Refusals name the row: 第2题题目长度不能超过500个字符.
 */

const fill = (template: string, row: string, form: NonNullable<ChildDecl['form']>) =>
  template.replace('{row}', row).replace('{min}', String(form.min ?? 0)).replace('{max}', String(form.max ?? ''));

/** One input's value: text cleaned (no HTML), an enum one of its options; blank takes the default, else a required one refuses. */
function checkValue(field: FieldDecl, label: string, raw: unknown): unknown {
  if (isBlank(raw)) {
    if (field.default !== undefined) return field.default;
    if (field.required) throw missingParam(label);
    return null;
  }
  if (field.type === 'enum') {
    const option = field.options?.find((o) => String(o.value) === String(raw).trim());
    if (!option || (typeof raw !== 'string' && typeof raw !== 'number')) {
      throw invalidValue(`${label}的值无效，可选值：${(field.options ?? []).map((o) => `${o.value}（${o.label}）`).join('、')}`);
    }
    return option.value;
  }
  if (field.type === 'number') return asInt(raw, label);
  return cleanText(raw, { label, max: field.maxLength ?? 2000, required: !!field.required, multiline: field.type === 'textarea' });
}

/** The rows of `child` as sent, checked; `parent` is the parent row's heading (messages name it). */
export function checkChildRows(child: ChildDecl, raw: unknown, parent = ''): Row[] {
  const form = child.form!;
  const list = raw === undefined || raw === null ? [] : raw;
  if (!Array.isArray(list)) throw invalidValue(`${parent}${child.label}格式不正确`);
  if (list.length < (form.min ?? 0)) throw invalidValue(fill(form.messages?.tooFew ?? '{row}' + child.label + '至少需要{min}个', parent, form));
  if (form.max !== undefined && list.length > form.max) throw invalidValue(fill(form.messages?.tooMany ?? '{row}' + child.label + '不能超过{max}个', parent, form));
  const single = form.fields.length === 1 ? form.fields[0]! : undefined;
  const order = child.orderBy?.[0];
  return list.map((item: unknown, i) => {
    // A single-input row may come as its bare value (选项: '满意').
    const heading = single ? `${parent}第${i + 1}个${child.label}` : `${parent}${rowHeading(child, i)}`;
    const given = single && (typeof item === 'string' || typeof item === 'number') ? { [single.name]: item } : item;
    if (!given || typeof given !== 'object' || Array.isArray(given)) throw invalidValue(`${heading}格式不正确`);
    const sent = given as Row;
    const row: Row = {};
    for (const f of form.fields) row[f.name] = checkValue(f, single ? heading : `${heading}${f.label}`, sent[f.name]);
    if (order && !(order in row)) row[order] = isBlank(sent[order]) ? i + 1 : asInt(sent[order], `${heading}排序`);
    for (const sub of formChildren(child)) row[sub.name] = inState(row, sub.form?.shownWhen) ? checkChildRows(sub, sent[sub.name], heading) : [];
    return row;
  });
}

/** The body and the checked rows of a save, per collection (one operation's hooks share its context). */
const pending = new WeakMap<object, { body: RecordData; rows: Map<string, Row[]> }>();
const dbOf = (ctx: unknown) => (ctx as { trx: DynamicDb }).trx;

/** The hooks of the declaration's `form` collections (run after the entity's own: its refusals come first). */
export function childFormHooks(decl: ResourceDecl): Hooks {
  const children = (decl.children ?? []).filter((c) => c.form);
  if (!children.length) return {};
  return {
    beforeValidate: [({ data, ctx }) => void pending.set(ctx, { body: data, rows: new Map() })],
    beforeChange: [
      ({ operation, ctx }) => {
        const state = pending.get(ctx);
        for (const child of children) {
          const raw = state?.body[child.name];
          if (operation === 'update' && raw === undefined) continue;
          if (raw === undefined || raw === null) throw missingParam(child.name);
          state?.rows.set(child.name, checkChildRows(child, raw));
        }
      },
    ],
    afterChange: [
      async ({ record, ctx }) => {
        const rows = pending.get(ctx)?.rows;
        for (const child of children) if (rows?.has(child.name)) await writeChildTree(dbOf(ctx), child, record[decl.idField], rows.get(child.name)!);
      },
    ],
    // The save answers the rows as stored (also when it left them alone).
    afterSave: [
      async ({ record, ctx }) => {
        const data: RecordData = {};
        for (const child of children) data[child.name] = await readChildTree(dbOf(ctx), child, [record[decl.idField]]);
        return { data };
      },
    ],
  };
}
