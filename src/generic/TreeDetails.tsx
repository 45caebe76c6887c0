import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Confirm, RecordContextProvider, useCanAccess, useDataProvider, type DataProvider, type Identifier } from 'react-admin';
import type { PortalDataProviderExtras } from '../../providers';
import { emitSuccessToast, emitWarningToast } from '../../providers';
import type { FieldDecl, ResourceDecl } from '../../resources/types';
import { crudCall } from '../../resources/declaredCalls';
import { RecordActions } from './ActionButtons';
import { ListLoading } from './GenericList';
import { formFields } from './GenericForm';
import { formLinks } from './LinksInput';
import { PlainLinkInput } from './PlainLinkInput';
import { Panels } from './ListPanels';
import { ShowChips } from './ShowChips';
import { changedOf, FieldInput, missingRequired } from './plainFields';
import type { Row } from './plainTypes';
import { findRow, mayHaveChildren, newNodeValues, parentChoices, treeFilters, type TreeRow } from './treeParts';

/** Whether the caller holds a permission key (the buttonList loaded at login). */
export function useKey(resource: string, key: string): boolean {
  return useCanAccess({ resource, action: key }).canAccess === true;
}

function Hint({ decl }: { decl: ResourceDecl }) {
  return <Typography color="text.secondary">{`请在左侧选择${decl.label.replace(/管理$/, '')}`}</Typography>;
}

/** A node being added: under `parent`, or at the top. */
export interface Editing {
  parent: Row | null;
}

interface Props {
  decl: ResourceDecl;
  rows: TreeRow[];
  search: Row;
  selected: string | null;
  editing: Editing | null;
  onEdit: (e: Editing) => void;
  onSaved: (id: string) => void;
  onDeleted: (parentId: string | null) => void;
  onCancel: () => void;
}

/** The selected record (the declared get, with what its hooks add), reloaded after a save. */
type Provider = DataProvider & PortalDataProviderExtras;

function useRecord(decl: ResourceDecl, id: string | null, tick: number) {
  const dataProvider = useDataProvider() as Provider;
  const [record, setRecord] = useState<Row>();
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    let alive = true;
    setRecord(undefined);
    if (id === null) return;
    setLoading(true);
    dataProvider
      .getOne(decl.name, { id })
      .then((r) => alive && setRecord(r.data as Row))
      .catch(() => undefined)
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [dataProvider, decl, id, tick]);
  return { record, loading };
}

/** The parent: an indented select of the tree, without the record's own subtree. */
function ParentInput({ decl, field, rows, selfId, value, disabled, onChange }: { decl: ResourceDecl; field: FieldDecl; rows: TreeRow[]; selfId: string | null; value: unknown; disabled: boolean; onChange: (v: number) => void }) {
  const root = decl.tree?.root ?? 0;
  return (
    <TextField select size="small" fullWidth label={field.label} name={field.name} disabled={disabled} value={String(value ?? root)} onChange={(e) => onChange(Number(e.target.value))}>
      <MenuItem value={String(root)}>（顶级）</MenuItem>
      {parentChoices(decl, rows, selfId).map((o) => (
        <MenuItem key={o.id} value={o.id} sx={{ pl: 2 + o.depth * 2 }}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Saves a new node or the changed fields of the record; answers the saved id, or null (refusals shown by the http client). */
async function save(dataProvider: Provider, decl: ResourceDecl, form: Row, names: string[], record: Row | undefined, adding: boolean): Promise<string | null> {
  const missing = missingRequired(decl.fields, form, names);
  if (missing) return (emitWarningToast(missing), null);
  try {
    if (adding) {
      const body = Object.fromEntries(Object.entries(form).filter(([, v]) => v !== null && v !== ''));
      const created = await dataProvider.call<Row>(crudCall(decl, 'create'), { body });
      emitSuccessToast('新建成功');
      return String(created[decl.idField]);
    }
    const id = record?.[decl.idField];
    if (!id) return (emitWarningToast('无效的id-key'), null);
    const changed = changedOf(form, record);
    if (!Object.keys(changed).length) return (emitWarningToast('未修改任何内容，不需要提交'), null);
    await dataProvider.call(crudCall(decl, 'update'), { body: { [decl.idField]: id, ...changed } });
    emitSuccessToast('修改成功');
    return String(id);
  } catch {
    return null;
  }
}

/** The right pane of the tree view: the selected record's form and buttons, or a new node's form. */
export function TreeDetails({ decl, rows, search, selected, editing, onEdit, onSaved, onDeleted, onCancel }: Props) {
  const [tick, setTick] = useState(0);
  const { record, loading } = useRecord(decl, editing ? null : selected, tick);
  const fields = formFields(decl);
  const names = fields.map((f) => f.name);
  // Declared links the form names (栏目's 授权角色): loaded with the record, saved with the changed fields.
  const links = formLinks(decl);
  const [form, setForm] = useState<Row>({});
  const [confirming, setConfirming] = useState(false);
  const dataProvider = useDataProvider() as Provider;
  const canAdd = useKey(decl.name, decl.permissions.create);
  const canUpdate = useKey(decl.name, decl.permissions.update);
  const canDelete = useKey(decl.name, decl.permissions.delete);
  useEffect(() => {
    if (editing) setForm(newNodeValues(decl, editing.parent, search));
    else if (record) setForm(Object.fromEntries([...names, ...links.map((l) => l.name)].map((n) => [n, record[n] ?? null])));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record, editing]);

  if (!editing && !selected) return <Card variant="outlined"><CardContent><Hint decl={decl} /></CardContent></Card>;
  if (!editing && loading && !record) return <ListLoading />;
  const editable = editing ? canAdd : canUpdate;
  // A filter the tree shows one value of (the app of a menu) is fixed once the record exists.
  const fixed = new Set(treeFilters(decl).filter((f) => f.onlyOptions).map((f) => f.field));
  const parentField = decl.tree?.parentField;
  const title = editing ? `新增${decl.label.replace(/管理$/, '')}${editing.parent ? `（上级：${String(editing.parent[decl.titleField])}）` : ''}` : String(record?.[decl.titleField] ?? '');
  const remove = async () => {
    setConfirming(false);
    try {
      await dataProvider.delete(decl.name, { id: record?.[decl.idField] as Identifier });
      emitSuccessToast('删除成功');
      const parent = parentField ? Number(record?.[parentField] ?? 0) : 0;
      onDeleted(parent && findRow(decl, rows, String(parent)) ? String(parent) : null);
    } catch {
      /* the refusal (下级, 在用) is shown by the http client */
    }
  };
  return (
    <Card variant="outlined">
      <CardContent>
        <RecordContextProvider value={editing ? undefined : (record as never)}>
          <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 2 }}>
            <Typography variant="h6">{title}</Typography>
            {!editing && <ShowChips decl={decl} />}
            {!editing && decl.showPanels?.length ? <Panels decl={decl} names={decl.showPanels} /> : null}
          </Stack>
          <Grid container spacing={2} sx={{ mt: 1 }}>
            {fields.map((f) => (
              <Grid key={f.name} size={{ xs: 12, md: f.type === 'textarea' ? 12 : 6 }}>
                {f.name === parentField ? (
                  <ParentInput decl={decl} field={f} rows={rows} selfId={editing ? null : selected} value={form[f.name]} disabled={!editable} onChange={(v) => setForm({ ...form, [f.name]: v })} />
                ) : (
                  <FieldInput field={f} value={form[f.name]} disabled={!editable || (!editing && fixed.has(f.name))} onChange={(v) => setForm({ ...form, [f.name]: v })} />
                )}
              </Grid>
            ))}
            {links.map((link) => (
              <Grid key={link.name} size={12}>
                <PlainLinkInput link={link} value={form[link.name]} disabled={!editable} onChange={(v) => setForm({ ...form, [link.name]: v })} />
              </Grid>
            ))}
          </Grid>
          <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 3, flexWrap: 'wrap' }}>
            {editable && (
              <Button variant="contained" onClick={async () => { const id = await save(dataProvider, decl, form, names, record, !!editing);
                if (id) {
                  setTick((t) => t + 1);
                  onSaved(id);
                }
              }}>
                保存
              </Button>
            )}
            {editing && <Button onClick={onCancel}>取消</Button>}
            {!editing && canAdd && record && mayHaveChildren(decl, record) && (
              <Button variant="outlined" onClick={() => onEdit({ parent: record })}>
                新增下级
              </Button>
            )}
            {!editing && canDelete && record && (
              <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
                删除
              </Button>
            )}
            {!editing && <RecordActions decl={decl} place="row" />}
          </Stack>
        </RecordContextProvider>
        <Confirm isOpen={confirming} title="删除确认" content={`确定删除「${String(record?.[decl.titleField] ?? '')}」吗？`} onConfirm={remove} onClose={() => setConfirming(false)} />
      </CardContent>
    </Card>
  );
}
