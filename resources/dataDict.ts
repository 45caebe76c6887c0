import { defineResource, enabledOptions } from './define';

/**
 * 数据字典: one table of entries. A group is an entry with `parentId` 0 whose `dictKey` names it
 * (e.g. `sex`); its entries (and their children) carry the same `dictKey` and the group's id as parent.
 * `key` is the code a record stores, `name` the label shown. The generic routes (the list: groups) with
 * server/entities/dataDict.ts; the readers are declared reads (`groups`); entries, trees: server/modules/system/dict/.
 */
/** A dictionary read (server/crud/reads/groups.ts): enabled entries as the forms' options (spec part 1 §3). */
const OPTION_READS = {
  shape: 'groups',
  who: 'staff',
  where: { state: 1 },
  as: { code: 'key', label: 'name' },
  fields: ['id', 'code', 'name', 'label', 'value', 'state'],
} as const;

export default defineResource({
  name: 'dataDict',
  table: 'data_dict',
  label: '数据字典',
  icon: 'MenuBook',
  idField: 'id',
  titleField: 'name',
  api: {
    list: { path: '/data/dict/list' },
    get: { path: '/data/dict/view', id: 'query' },
    create: { path: '/data/dict/save' },
    update: { path: '/data/dict/edit' },
    delete: { path: '/data/dict/del', ids: 'body', idsParam: 'id', perRecord: true, answer: 'none' },
    extra: {
      // The readers every dict-backed form field uses (anyone logged in): the enabled groups, each as its
      // dictKey → its enabled entries nested, answered as options (code, name, label, value); or one group's.
      allKv: { path: '/data/dict/all/kv', label: '全部字典', reads: { ...OPTION_READS, groups: { parent: 'parentId', key: 'dictKey' } } },
      sub: { path: '/data/dict/list/sub', label: '下级字典项' },
      subEsType: { path: '/data/dict/list/subEsType', label: '字典项树' },
      saveNode: { path: '/data/dict/save/node', label: '新增字典项' },
      group: { path: '/data/dict/view/group', method: 'GET', params: 'query', label: '字典分组',
        reads: { ...OPTION_READS, groups: { parent: 'parentId', key: 'dictKey', param: 'val' } } },
    },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'dictKey', label: '字典编码', type: 'text', required: true, maxLength: 50 },
    { name: 'key', label: '键', type: 'text', maxLength: 50, help: '分组的键默认为字典编码；字典项必填' },
    { name: 'name', label: '名称', type: 'text', required: true, maxLength: 100 },
    { name: 'value', label: '值', type: 'text', maxLength: 500 },
    { name: 'state', label: '状态', type: 'enum', default: 1, options: enabledOptions },
    { name: 'parentId', label: '上级ID', type: 'number', default: 0, min: 0 },
    { name: 'sort', label: '排序', type: 'number', default: 0, min: 0, max: 9999 },
    { name: 'createTime', label: '创建时间', type: 'datetime', readOnly: true },
    { name: 'updateTime', label: '更新时间', type: 'datetime', readOnly: true },
  ],
  list: {
    columns: ['name', 'dictKey', 'value', 'state', 'sort', 'updateTime'],
    filters: [
      { field: 'name', op: 'like', alwaysOn: true },
      { field: 'dictKey', op: 'like', alwaysOn: true },
      { field: 'state', op: 'eq' },
    ],
    sortable: ['sort', 'dictKey', 'name', 'createTime'],
    defaultSort: { field: 'sort', order: 'ASC' },
    thenBy: () => [{ field: 'id', order: 'ASC' }],
    // A group's entries are a tree edited on their own screen (src/pages/dataDictDetail.tsx).
    rowLinks: [{ label: '字典项', to: '/main/system/dataDictDetail?dictKey={dictKey}' }],
  },
  // Dictionary fields read the session's cache: read again whenever the groups change.
  listPanels: [{ name: 'dictRefresh', place: 'above' }],
  form: ['dictKey', 'name', 'value', 'state', 'sort'],
  permissions: { list: 'dict:list', get: 'dict:get', create: 'dict:add', update: 'dict:update', delete: 'dict:delete' },
  menu: { group: 'system', path: '/main/system/dataDict', sort: 30 },
});
