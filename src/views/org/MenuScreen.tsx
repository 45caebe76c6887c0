import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { Title } from 'react-admin';
import { emitSuccessToast, emitWarningToast } from '../../../providers';
import menu, { APP_OPTIONS } from '../../../resources/menu';
import { crudCall } from '../../../resources/declaredCalls';
import { ResizablePanes } from '../../components/tree/ResizablePanes';
import { SelectTree } from '../../components/tree/Trees';
import { toTreeNodes } from '../../components/tree/treeModel';
import { api, change, ConfirmButton, Loading, useKey, useLoad, type Row } from './common';
import { changedOf, FieldInput, missingRequired } from './fields';

interface ResNode extends Row {
  id: number;
  parentId: number;
  name: string;
  alias: string;
  type: string;
  children: ResNode[];
}

const FORM = menu.form;
const TYPE_LABEL: Record<string, string> = { Catalogue: '目录', Menu: '菜单', Button: '按钮' };

/** /main/system/getMenu: the Catalogue / Menu / Button tree of one app, with the selected entry's form. */
export default function MenuScreen() {
  const [app, setApp] = useState<string>('adminSite');
  const tree = useLoad(() => api<ResNode[]>(crudCall(menu, 'list'), { dingAppKey: app }), [app]);
  const items = useMemo(() => toTreeNodes(tree.data ?? [], (r) => String(r.id), (r) => `${r.name}（${TYPE_LABEL[r.type] ?? r.type}）`), [tree.data]);
  const flat = useMemo(() => {
    const out: (ResNode & { depth: number })[] = [];
    const visit = (rows: ResNode[], depth: number) => rows.forEach((r) => (out.push({ ...r, depth }), visit(r.children ?? [], depth + 1)));
    visit(tree.data ?? [], 0);
    return out;
  }, [tree.data]);
  const [selected, setSelected] = useState<string | null>(null);
  const [adding, setAdding] = useState<{ parentId: number; type: string } | null>(null);
  const canAdd = useKey('menu', menu.permissions.create);
  const canUpdate = useKey('menu', menu.permissions.update);
  const canDelete = useKey('menu', menu.permissions.delete);

  const detail = useLoad(() => (selected && !adding ? api<Row>(crudCall(menu, 'get'), { id: Number(selected) }) : Promise.resolve(undefined)), [selected, adding]);
  const [form, setForm] = useState<Row>({});
  useEffect(() => {
    if (adding) setForm({ dingAppKey: app, type: adding.type, parentId: adding.parentId, sort: 0 });
    else if (detail.data) setForm(Object.fromEntries(FORM.map((n) => [n, detail.data?.[n] ?? null])));
  }, [detail.data, adding, app]);

  const save = async () => {
    const missing = missingRequired(menu.fields, form, FORM);
    if (missing) return emitWarningToast(missing);
    try {
      if (adding) {
        const created = await api<Row>(crudCall(menu, 'create'), Object.fromEntries(Object.entries(form).filter(([, v]) => v !== null && v !== '')));
        emitSuccessToast('新建成功');
        setAdding(null);
        setSelected(String(created.id));
      } else {
        if (!detail.data?.id) return emitWarningToast('无效的id-key');
        const changed = changedOf(form, detail.data);
        if (!Object.keys(changed).length) return emitWarningToast('未修改任何内容，不需要提交');
        await api(crudCall(menu, 'update'), { id: detail.data.id, ...changed });
        emitSuccessToast('修改成功');
        detail.reload();
      }
      tree.reload();
    } catch {
      /* shown */
    }
  };

  const childType = (type: unknown) => (type === 'Menu' ? 'Button' : 'Menu');
  const editable = adding ? canAdd : canUpdate;
  const left = (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        {/* Wraps in a narrow pane rather than pushing 新增目录 out of it (issue 23). */}
        <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <TextField select size="small" label="所属应用" value={app} onChange={(e) => (setApp(e.target.value), setSelected(null), setAdding(null))} sx={{ minWidth: 160 }}>
            {APP_OPTIONS.map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
          {canAdd && (
            <Button size="small" onClick={() => setAdding({ parentId: 0, type: 'Catalogue' })}>
              新增目录
            </Button>
          )}
        </Stack>
        <SelectTree aria-label="菜单树" items={items} loading={tree.loading} selected={adding ? null : selected} onSelect={(id) => (setAdding(null), setSelected(id))} defaultExpanded={(tree.data ?? []).map((r) => String(r.id))} />
      </CardContent>
    </Card>
  );

  const right = (
    <Card variant="outlined">
      <CardContent>
        {!adding && !selected ? (
          <Alert severity="info">请在左侧选择菜单，按钮的别名就是权限标识（如 announcement:add）</Alert>
        ) : !adding && detail.loading && !detail.data ? (
          <Loading />
        ) : (
          <>
            <Typography variant="h6" sx={{ mb: 2 }}>
              {adding ? '新增菜单' : `${String(detail.data?.name ?? '')}`}
            </Typography>
            <Grid container spacing={2}>
              {FORM.map((name) => {
                const f = menu.fields.find((x) => x.name === name);
                if (!f) return null;
                if (name === 'parentId') {
                  return (
                    <Grid key={name} size={{ xs: 12, md: 6 }}>
                      <TextField select size="small" fullWidth label="上级" name="parentId" disabled={!editable} value={String(form.parentId ?? 0)} onChange={(e) => setForm({ ...form, parentId: Number(e.target.value) })}>
                        <MenuItem value="0">（顶级）</MenuItem>
                        {flat
                          .filter((r) => r.type !== 'Button' && String(r.id) !== selected)
                          .map((r) => (
                            <MenuItem key={r.id} value={String(r.id)} sx={{ pl: 2 + r.depth * 2 }}>
                              {r.name}
                            </MenuItem>
                          ))}
                      </TextField>
                    </Grid>
                  );
                }
                return (
                  <Grid key={name} size={{ xs: 12, md: 6 }}>
                    <FieldInput field={f} value={form[name]} disabled={!editable || (name === 'dingAppKey' && !adding)} onChange={(v) => setForm({ ...form, [name]: v })} />
                  </Grid>
                );
              })}
            </Grid>
            <Stack direction="row" spacing={1} sx={{ mt: 3 }}>
              {editable && (
                <Button variant="contained" onClick={save}>
                  保存
                </Button>
              )}
              {adding && <Button onClick={() => setAdding(null)}>取消</Button>}
              {!adding && canAdd && detail.data && detail.data.type !== 'Button' && (
                <Button variant="outlined" onClick={() => setAdding({ parentId: Number(detail.data?.id), type: childType(detail.data?.type) })}>
                  新增下级
                </Button>
              )}
              {!adding && canDelete && detail.data && (
                <ConfirmButton variant="outlined" size="medium" label="删除" message={`确定删除「${String(detail.data.name)}」吗？已授权的角色将失去它。`} onConfirm={async () => {
                  if (await change(() => api(crudCall(menu, 'delete'), { id: detail.data?.id }), '删除成功')) {
                    setSelected(null);
                    tree.reload();
                  }
                }} />
              )}
            </Stack>
          </>
        )}
      </CardContent>
    </Card>
  );

  return (
    <Box sx={{ p: 2 }}>
      <Title title="菜单管理" />
      <ResizablePanes left={left} right={right} />
    </Box>
  );
}
