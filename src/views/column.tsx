import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Confirm, Title, useCanAccess } from 'react-admin';
import { emitWarningToast } from '../../providers';
import columnDecl from '../../resources/column';
import { ImageUpload } from '../components/imageUpload/ImageUpload';
import { ResizablePanes } from '../components/tree/ResizablePanes';
import { CheckboxTree, SelectTree } from '../components/tree/Trees';
import { toTreeNodes, type TreeNode } from '../components/tree/treeModel';
import { dataProvider } from '../data';
import type { ResourceViews } from '../generic/resourceViews';
import { useErrorNotifier, useSuccessNotifier } from '../notices/useErrorNotifier';
import { columnLabel, columnPaths, type ColumnRow } from './content/api';

type Values = Record<string, string | number | null>;
const FIELDS = [
  'categoryTitle', 'columnType', 'categoryCategoryId', 'categorySort', 'columnContentModelId', 'columnListUrl', 'columnUrl',
  'columnDiyUrl', 'columnKeyword', 'columnDescrip', 'categorySmallImg', 'relationCategoryid', 'autoVoice',
] as const;
const TYPES = [
  { value: 1, label: '列表' },
  { value: 2, label: '封面' },
  { value: 3, label: '外链' },
];

const toNodes = (rows: ColumnRow[]): TreeNode[] => toTreeNodes(rows, (r) => String(r.categoryId), columnLabel);
function flatten(rows: ColumnRow[], out: ColumnRow[] = []): ColumnRow[] {
  for (const r of rows) {
    out.push(r);
    if (r.children) flatten(r.children, out);
  }
  return out;
}
function valuesOf(c: ColumnRow | null, parentId = 0): Values {
  const v: Values = {};
  for (const f of FIELDS) v[f] = (c?.[f] as string | number | null | undefined) ?? null;
  if (!c) Object.assign(v, { columnType: 1, categoryCategoryId: parentId, categorySort: 0, autoVoice: 1 });
  return v;
}

/** A list or cover column's 内容模型 and its 列表模板 / 内容模板 (封面模板); a template no longer shipped stays selectable. */
function PageTemplateFields({ values, type, models, templates, set }: { values: Values; type: number; models: { cmId: number; cmTipsName: string }[]; templates: string[]; set: (k: string, v: string | number | null) => void }) {
  return (
    <>
      <TextField select size="small" label="内容模型" value={values.columnContentModelId ?? ''} onChange={(e) => set('columnContentModelId', e.target.value === '' ? null : Number(e.target.value))}>
        <MenuItem value="">无</MenuItem>
        {models.map((m) => (
          <MenuItem key={m.cmId} value={m.cmId}>
            {m.cmTipsName}
          </MenuItem>
        ))}
      </TextField>
      {(['columnListUrl', 'columnUrl'] as const).map((k) => (
        <TextField key={k} select size="small" label={k === 'columnUrl' ? (type === 2 ? '封面模板' : '内容模板') : '列表模板'} value={values[k] ?? ''} onChange={(e) => set(k, e.target.value || null)}>
          <MenuItem value="">未设置</MenuItem>
          {[...new Set([...(values[k] ? [String(values[k])] : []), ...templates])].map((t) => (
            <MenuItem key={t} value={t}>
              {t}
            </MenuItem>
          ))}
        </TextField>
      ))}
    </>
  );
}

/** The save call's query: every field on create; only what changed (and the id) on update. */
function changedQuery(values: Values, column: ColumnRow | null, parentId: number): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  const before = valuesOf(column, parentId);
  for (const f of FIELDS) {
    const v = values[f];
    if (column && (v ?? '') === (before[f] ?? '')) continue;
    query[f] = v === null || v === undefined ? '' : v;
  }
  if (column) query.categoryId = column.categoryId;
  return query;
}

function ColumnForm({ column, parentId, all, onSaved }: { column: ColumnRow | null; parentId: number; all: ColumnRow[]; onSaved: (id: number) => void }) {
  const [values, setValues] = useState<Values>(() => valuesOf(column, parentId));
  const [models, setModels] = useState<{ cmId: number; cmTipsName: string }[]>([]);
  const [templates, setTemplates] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const onError = useErrorNotifier();
  const success = useSuccessNotifier();
  const { canAccess: canSave } = useCanAccess({ action: column ? 'column:update' : 'column:add', resource: 'column' });
  useEffect(() => setValues(valuesOf(column, parentId)), [column, parentId]);
  useEffect(() => {
    dataProvider.callExtra<{ cmId: number; cmTipsName: string }[]>('column', 'modelList').then(setModels, () => setModels([]));
    dataProvider.callExtra<string[]>('column', 'temList').then(setTemplates, () => setTemplates([]));
  }, []);
  const paths = useMemo(() => columnPaths(all), [all]);
  const set = (k: string, v: string | number | null) => setValues((old) => ({ ...old, [k]: v }));
  const type = Number(values.columnType);
  const save = async () => {
    if (!String(values.categoryTitle ?? '').trim()) return emitWarningToast('请输入栏目名称');
    if (type === 3 && !String(values.columnDiyUrl ?? '').trim()) return emitWarningToast('请输入外链地址');
    const query = changedQuery(values, column, parentId);
    if (column && Object.keys(query).length === 1) return emitWarningToast('未修改任何内容，不需要提交');
    setBusy(true);
    try {
      const saved = await dataProvider.call<ColumnRow>(column ? columnDecl.api.update : columnDecl.api.create, { query, required: column ? ['categoryId'] : ['columnType', 'categoryTitle'] });
      success(column ? '修改成功' : '新增成功');
      onSaved(saved.categoryId);
    } catch (e) {
      onError(e);
    } finally {
      setBusy(false);
    }
  };
  const field = (k: string, label: string, extra: Record<string, unknown> = {}) => (
    <TextField label={label} size="small" value={values[k] ?? ''} onChange={(e) => set(k, e.target.value)} fullWidth slotProps={{ htmlInput: { name: k } }} {...extra} />
  );
  const parentChoices = all.filter((c) => !column || !(c.columnPath ?? '').split('/').includes(String(column.categoryId)));
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      {field('categoryTitle', '栏目名称', { required: true })}
      <TextField select size="small" label="栏目类型" value={type || 1} onChange={(e) => set('columnType', Number(e.target.value))} slotProps={{ htmlInput: { name: 'columnType' } }}>
        {TYPES.map((t) => (
          <MenuItem key={t.value} value={t.value}>
            {t.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" label="上级栏目" value={Number(values.categoryCategoryId ?? 0)} onChange={(e) => set('categoryCategoryId', Number(e.target.value))}>
        <MenuItem value={0}>无（顶级栏目）</MenuItem>
        {parentChoices.filter((c) => c.columnType !== 3).map((c) => (
          <MenuItem key={c.categoryId} value={c.categoryId}>
            {paths.get(c.categoryId)}
          </MenuItem>
        ))}
      </TextField>
      {type === 3 ? (
        field('columnDiyUrl', '外链地址', { required: true, placeholder: 'https://' })
      ) : (
        <PageTemplateFields values={values} type={type} models={models} templates={templates} set={set} />
      )}
      {field('categorySort', '排序', { type: 'number' })}
      {field('columnKeyword', '栏目关键字')}
      {field('columnDescrip', '栏目描述', { multiline: true, minRows: 2 })}
      <TextField select size="small" label="关联栏目" value={values.relationCategoryid ?? ''} onChange={(e) => set('relationCategoryid', e.target.value === '' ? null : Number(e.target.value))}>
        <MenuItem value="">无</MenuItem>
        {all.filter((c) => c.categoryId !== column?.categoryId).map((c) => (
          <MenuItem key={c.categoryId} value={c.categoryId}>
            {paths.get(c.categoryId)}
          </MenuItem>
        ))}
      </TextField>
      <ImageUpload label="栏目缩略图" value={values.categorySmallImg as string | null} onChange={(v) => set('categorySmallImg', v)} />
      {type !== 3 && (
        <TextField select size="small" label="自动生成语音" value={Number(values.autoVoice ?? 1)} onChange={(e) => set('autoVoice', Number(e.target.value))} helperText="开启后，本栏目的文章每次发布时自动生成朗读语音" slotProps={{ htmlInput: { name: 'autoVoice' } }}>
          <MenuItem value={1}>开启</MenuItem>
          <MenuItem value={0}>关闭</MenuItem>
        </TextField>
      )}
      {canSave && (
        <Box>
          <Button variant="contained" onClick={() => void save()} disabled={busy}>
            保存
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function RoleGrants({ tree }: { tree: TreeNode[] }) {
  const [roles, setRoles] = useState<{ roleId: number; name: string }[]>([]);
  const [roleId, setRoleId] = useState<number | ''>('');
  const [checked, setChecked] = useState<string[]>([]);
  const onError = useErrorNotifier();
  const success = useSuccessNotifier();
  useEffect(() => {
    dataProvider.getList<{ id: number; roleId: number; name: string }>('role', { pagination: { page: 1, perPage: 200 } }).then((r) => setRoles(r.data), onError);
  }, [onError]);
  useEffect(() => {
    if (roleId === '') return;
    dataProvider.callExtra<number[]>('column', 'roleList', { query: { roleId }, required: ['roleId'] }).then((ids) => setChecked(ids.map(String)), onError);
  }, [roleId, onError]);
  return (
    <Stack spacing={2}>
      <Alert severity="info">勾选的栏目：该角色的用户可以向其发布文章；审核角色可审核其中的文章。</Alert>
      <TextField select size="small" label="角色" value={roleId} onChange={(e) => setRoleId(Number(e.target.value))} sx={{ maxWidth: 320 }}>
        {roles.map((r) => (
          <MenuItem key={r.roleId} value={r.roleId}>
            {r.name}
          </MenuItem>
        ))}
      </TextField>
      {roleId !== '' && (
        <>
          <CheckboxTree aria-label="授权栏目" items={tree} checked={checked} onChange={setChecked} />
          <Box>
            <Button
              variant="contained"
              onClick={() =>
                dataProvider.runAction('column', 'role', { body: { roleId, categoryIds: checked.map(Number) } }).then(() => success('保存成功'), onError)
              }
            >
              保存授权
            </Button>
          </Box>
        </>
      )}
    </Stack>
  );
}

/** 栏目管理: the column tree on the left; the selected column's form, a new child, delete and role grants on the right. */
function ColumnScreen() {
  const [tree, setTree] = useState<ColumnRow[] | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [adding, setAdding] = useState<number | null>(null);
  const [tab, setTab] = useState(0);
  const [deleting, setDeleting] = useState(false);
  const onError = useErrorNotifier();
  const success = useSuccessNotifier();
  const { canAccess: canAdd } = useCanAccess({ action: 'column:add', resource: 'column' });
  const { canAccess: canDelete } = useCanAccess({ action: 'column:delete', resource: 'column' });
  const { canAccess: canGrant } = useCanAccess({ action: 'column:role', resource: 'column' });
  const load = useCallback(() => dataProvider.callExtra<ColumnRow[]>('column', 'tree').then(setTree, (e) => (onError(e), setTree([]))), [onError]);
  useEffect(() => void load(), [load]);
  const all = useMemo(() => flatten(tree ?? []), [tree]);
  const nodes = useMemo(() => toNodes(tree ?? []), [tree]);
  const current = all.find((c) => String(c.categoryId) === selected) ?? null;
  return (
    <Box sx={{ mt: 1 }}>
      <Title title="栏目管理" />
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} sx={{ mb: 1 }}>
        <Tab label="栏目树" />
        {canGrant && <Tab label="栏目授权" />}
      </Tabs>
      {tab === 1 ? (
        <Card>
          <CardContent>
            <RoleGrants tree={nodes} />
          </CardContent>
        </Card>
      ) : (
        <ResizablePanes
          left={
            <Box sx={{ p: 1 }}>
              {canAdd && (
                <Button size="small" variant="outlined" sx={{ mb: 1 }} onClick={() => (setSelected(null), setAdding(0))}>
                  新增顶级栏目
                </Button>
              )}
              <SelectTree aria-label="栏目树" items={nodes} loading={tree === null} selected={selected} onSelect={(id) => (setSelected(id), setAdding(null))} />
            </Box>
          }
          right={
            <Card>
              <CardContent>
                {adding !== null ? (
                  <>
                    <Typography variant="h6" gutterBottom>
                      {adding ? `新增子栏目（上级：${all.find((c) => c.categoryId === adding)?.categoryTitle ?? ''}）` : '新增顶级栏目'}
                    </Typography>
                    <ColumnForm column={null} parentId={adding} all={all} onSaved={(id) => void load().then(() => (setAdding(null), setSelected(String(id))))} />
                  </>
                ) : current ? (
                  <>
                    <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center' }}>
                      <Typography variant="h6" sx={{ flex: 1 }}>{`编辑栏目：${current.categoryTitle}`}</Typography>
                      {canAdd && current.columnType !== 3 && (
                        <Button size="small" onClick={() => setAdding(current.categoryId)}>
                          新增子栏目
                        </Button>
                      )}
                      {canDelete && (
                        <Button size="small" color="error" onClick={() => setDeleting(true)}>
                          删除
                        </Button>
                      )}
                    </Stack>
                    <ColumnForm column={current} parentId={current.categoryCategoryId} all={all} onSaved={() => void load()} />
                  </>
                ) : (
                  <Typography color="text.secondary">请在左侧选择栏目</Typography>
                )}
              </CardContent>
            </Card>
          }
        />
      )}
      <Confirm
        isOpen={deleting}
        title="提示信息"
        content={`确定删除栏目“${current?.categoryTitle ?? ''}”吗？有子栏目或文章的栏目不能删除。`}
        confirm="确定"
        cancel="取消"
        onClose={() => setDeleting(false)}
        onConfirm={() => {
          setDeleting(false);
          dataProvider.delete('column', { id: current?.categoryId ?? '' }).then(() => (success('删除成功'), setSelected(null), void load()), onError);
        }}
      />
    </Box>
  );
}

const views: ResourceViews = { list: ColumnScreen };
export default views;
