import type { FieldDecl, FilterDecl, ResourceDecl } from '../../../resources/types.js';
import { FILTER_LIST_MAX, FILTER_TEXT_MAX, PAGE_SIZE_MAX } from '../listQuery.js';
import type { JsonSchema } from './fields.js';

/**
 * The search values of a generic list, as server/crud/listQuery.ts reads them. Paging and sort values are
 * never refused (an unusable one falls back to the default), so they are described, not constrained.
 * A blank filter value (null, '', blanks, []) filters nothing; the types below are the ones the
 * filters take, and the finer checks (a number inside a string, a date, the text length) stay there.
 */
const numericField = (field: FieldDecl | undefined) =>
  !!field && (field.type === 'number' || field.type === 'reference' || (field.type === 'enum' && !!field.options?.every((o) => typeof o.value === 'number')));

function filterSchema(field: FieldDecl | undefined, filter: FilterDecl): JsonSchema {
  const title = field?.label ?? filter.field;
  // A filter on an undeclared column (a join) passes its value through.
  if (!field) return { title };
  if (filter.op === 'like') {
    return { title, type: ['string', 'number', 'null', 'array'], maxItems: 0, description: `包含匹配，最多${FILTER_TEXT_MAX}个字符` };
  }
  if (filter.op === 'range') {
    const number = field.type === 'number';
    return { title, type: number ? ['string', 'number', 'null', 'array'] : ['string', 'null', 'array'], maxItems: 0, description: number ? '数字' : 'YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss' };
  }
  // eq: one value, or a list of values (in).
  const item = numericField(field) ? ['string', 'number', 'boolean'] : ['string', 'number'];
  const options = field.options?.map((o) => `${o.value}=${o.label}`).join('，');
  return {
    title,
    type: [...item, 'null', 'array'],
    maxItems: FILTER_LIST_MAX,
    items: { type: item },
    description: [options, numericField(field) ? '数字' : '', `等于；数组为其中之一（最多${FILTER_LIST_MAX}项）`].filter(Boolean).join('；'),
  };
}

export function listSearchSchema(decl: ResourceDecl): JsonSchema {
  const pageParam = decl.api.pageParam ?? 'pageNum';
  const properties: Record<string, JsonSchema> = {
    [pageParam]: { title: '页码', description: '从1开始，默认1', examples: [1] },
    pageSize: { title: '每页条数', description: `默认10，最大${PAGE_SIZE_MAX}`, examples: [10] },
    sortField: { title: '排序字段', description: `可选：${decl.list.sortable.join('、')}；其他值按默认排序（${decl.list.defaultSort.field}）` },
    sortOrder: { title: '排序方向', description: 'ASC 或 DESC' },
  };
  const set = (name: string, schema: JsonSchema) => {
    // Two filters reading one parameter (two ranges on startTime/endTime): each checks it, so no type here.
    properties[name] = name in properties ? { title: schema.title } : schema;
  };
  for (const filter of decl.list.filters) {
    const field = decl.fields.find((f) => f.name === filter.field);
    const one = filterSchema(field, filter);
    if (filter.op === 'range') {
      const [start, end] = filter.params ?? ['startTime', 'endTime'];
      set(start, { ...one, title: `${one.title as string}（起）` });
      set(end, { ...one, title: `${one.title as string}（止）` });
    } else {
      set(filter.field, one);
    }
  }
  return { type: ['object', 'null'], additionalProperties: true, properties };
}
