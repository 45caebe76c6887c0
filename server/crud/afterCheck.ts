import type { Hooks, RecordData } from '../../resources/behaviour.js';
import type { FieldDecl, ResourceDecl } from '../../resources/types.js';
import { invalidValue } from '../http/errors.js';

const blank = (v: unknown) => v === undefined || v === null || v === '';
const numeric = (f: FieldDecl) => f.type === 'number';

/**
 * The fields' `after` (resources/shape/fields.ts) as a beforeChange hook, run before the entity's own
 * (server/crud/entity/attach.ts), on the values after the field rules: an end must come after its start.
 * Checked when a save sets either value; a partial update compares with the stored one it leaves out.
 */
export function afterHooks(decl: ResourceDecl): Hooks {
  const pairs = decl.fields.flatMap((field) => {
    const other = field.after ? decl.fields.find((f) => f.name === field.after) : undefined;
    if (field.after && !other) throw new Error(`${decl.name}.${field.name}: after 没有字段 ${field.after}`);
    return other ? [{ field, other }] : [];
  });
  if (!pairs.length) return {};
  return {
    beforeChange: [
      ({ data, original }: { data: RecordData; original?: RecordData }) => {
        for (const { field, other } of pairs) {
          if (data[field.name] === undefined && data[other.name] === undefined) continue;
          const pick = (name: string) => (data[name] === undefined ? original?.[name] : data[name]);
          const [end, start] = [pick(field.name), pick(other.name)];
          if (blank(end) || blank(start)) continue;
          const later = numeric(field) ? Number(end) > Number(start) : String(end) > String(start);
          if (!later) throw invalidValue(`${field.label}${numeric(field) ? '必须大于' : '必须晚于'}${other.label}`);
        }
        return data;
      },
    ],
  } as Hooks;
}
