import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { Confirm, Title, useCanAccess, type RaRecord } from 'react-admin';
import { emitWarningToast } from '../../../providers';
import contentModelDecl, { CONTENT_FIELD_TYPES } from '../../../resources/contentModel';
import { dataProvider } from '../../data';
import { PAGE_SIZES } from '../../generic/GenericList';
import { useErrorNotifier, useSuccessNotifier } from '../../notices/useErrorNotifier';
import type { ModelField } from '../../views/content/api';

interface Model {
  cmId: number;
  cmTipsName: string;
  cmTableName: string;
  fields: ModelField[];
}

const typeLabel = (t: number) => CONTENT_FIELD_TYPES.find((x) => x.value === t)?.label ?? String(t);

function FieldDialog({ cmId, field, onClose, onSaved }: { cmId: number; field: ModelField | 'new' | null; onClose: () => void; onSaved: () => void }) {
  const editing = field && field !== 'new' ? field : null;
  const [v, setV] = useState({ fieldTipsName: '', fieldFieldName: '', fieldType: 1, fieldOptions: '', fieldRequired: 0, fieldSort: 0 });
  const onError = useErrorNotifier();
  const success = useSuccessNotifier();
  useEffect(() => {
    setV(
      editing
        ? { fieldTipsName: editing.fieldTipsName, fieldFieldName: editing.fieldFieldName, fieldType: editing.fieldType, fieldOptions: editing.fieldOptions.join('\n'), fieldRequired: editing.fieldRequired, fieldSort: editing.fieldSort }
        : { fieldTipsName: '', fieldFieldName: '', fieldType: 1, fieldOptions: '', fieldRequired: 0, fieldSort: 0 },
    );
  }, [field, editing]);
  const save = async () => {
    if (!v.fieldTipsName.trim()) return emitWarningToast('请输入字段提示名');
    if (!/^[a-z][a-z0-9_]{0,29}$/.test(v.fieldFieldName)) return emitWarningToast('字段名只能以小写字母开头，由小写字母、数字和下划线组成');
    const body = { ...v, fieldOptions: v.fieldOptions.split('\n').map((s) => s.trim()).filter(Boolean) };
    try {
      if (editing) await dataProvider.callExtra('contentModel', 'fieldUpdate', { body: { ...body, fieldId: editing.fieldId, fieldFieldName: undefined } });
      else await dataProvider.callExtra('contentModel', 'fieldSave', { body: { ...body, fieldCmId: cmId } });
      success(editing ? '修改成功' : '新增成功');
      onSaved();
    } catch (e) {
      onError(e);
    }
  };
  return (
    <Dialog open={!!field} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{editing ? '编辑字段' : '新增字段'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField label="字段提示名" size="small" value={v.fieldTipsName} onChange={(e) => setV({ ...v, fieldTipsName: e.target.value })} slotProps={{ htmlInput: { name: 'fieldTipsName', maxLength: 50 } }} />
          <TextField
            label="字段名"
            size="small"
            value={v.fieldFieldName}
            disabled={!!editing}
            helperText="小写字母开头，只含小写字母、数字、下划线；保存后不能修改"
            onChange={(e) => setV({ ...v, fieldFieldName: e.target.value })}
            slotProps={{ htmlInput: { name: 'fieldFieldName', maxLength: 30 } }}
          />
          <TextField select label="字段类型" size="small" value={v.fieldType} onChange={(e) => setV({ ...v, fieldType: Number(e.target.value) })}>
            {CONTENT_FIELD_TYPES.map((t) => (
              <MenuItem key={t.value} value={t.value}>{`${t.value} ${t.label}`}</MenuItem>
            ))}
          </TextField>
          {v.fieldType === 6 && <TextField label="下拉选项（每行一个）" multiline minRows={3} size="small" value={v.fieldOptions} onChange={(e) => setV({ ...v, fieldOptions: e.target.value })} />}
          <TextField label="排序" type="number" size="small" value={v.fieldSort} onChange={(e) => setV({ ...v, fieldSort: Number(e.target.value) })} />
          <FormControlLabel control={<Checkbox checked={v.fieldRequired === 1} onChange={(e) => setV({ ...v, fieldRequired: e.target.checked ? 1 : 0 })} />} label="必填" />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>取消</Button>
        <Button variant="contained" onClick={() => void save()}>
          确定
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ModelRows({ model }: { model: Model }) {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(10);
  const [data, setData] = useState<{ list: Record<string, unknown>[]; totalRow: number } | null>(null);
  const onError = useErrorNotifier();
  useEffect(() => {
    dataProvider.callExtra<{ list: Record<string, unknown>[]; totalRow: number }>('contentModel', 'fieldList', { path: { cmId: model.cmId, pageNum: page + 1, pageSize: size } }).then(setData, (e) => (onError(e), setData({ list: [], totalRow: 0 })));
  }, [model.cmId, page, size, onError]);
  if (!data) return <Typography variant="body2">正在加载…</Typography>;
  return (
    <>
      <Table size="small" aria-label="模型数据">
        <TableHead>
          <TableRow>
            <TableCell>文章</TableCell>
            {model.fields.map((f) => (
              <TableCell key={f.fieldId}>{f.fieldTipsName}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.list.length === 0 ? (
            <TableRow>
              <TableCell colSpan={model.fields.length + 1}>暂无数据</TableCell>
            </TableRow>
          ) : (
            data.list.map((r) => (
              <TableRow key={String(r.articleId)}>
                <TableCell>{String(r.title ?? r.articleId)}</TableCell>
                {model.fields.map((f) => (
                  <TableCell key={f.fieldId}>{f.fieldType === 3 ? String(r[f.fieldFieldName] ?? '').replace(/<[^>]*>/g, '').slice(0, 40) : String(r[f.fieldFieldName] ?? '')}</TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={data.totalRow}
        page={page}
        rowsPerPage={size}
        rowsPerPageOptions={PAGE_SIZES}
        labelRowsPerPage="每页条数"
        onPageChange={(_e, p) => setPage(p)}
        onRowsPerPageChange={(e) => (setSize(Number(e.target.value)), setPage(0))}
      />
    </>
  );
}

/** The model's fields, with 编辑 and 删除 for those who may change the model. */
function FieldsTable({ fields, canUpdate, onEdit, onDelete }: { fields: ModelField[]; canUpdate: boolean; onEdit: (f: ModelField) => void; onDelete: (f: ModelField) => void }) {
  return (
    <Table size="small" aria-label="模型字段">
      <TableHead>
        <TableRow>
          <TableCell>字段提示名</TableCell>
          <TableCell>字段名</TableCell>
          <TableCell>类型</TableCell>
          <TableCell>必填</TableCell>
          <TableCell>排序</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {fields.length === 0 ? (
          <TableRow>
            <TableCell colSpan={6}>暂无字段</TableCell>
          </TableRow>
        ) : (
          fields.map((f) => (
            <TableRow key={f.fieldId}>
              <TableCell>{f.fieldTipsName}</TableCell>
              <TableCell>{f.fieldFieldName}</TableCell>
              <TableCell>{typeLabel(f.fieldType)}</TableCell>
              <TableCell>{f.fieldRequired ? '是' : '否'}</TableCell>
              <TableCell>{f.fieldSort}</TableCell>
              <TableCell align="right">
                {canUpdate && (
                  <>
                    <Button size="small" onClick={() => onEdit(f)}>
                      编辑
                    </Button>
                    <Button size="small" color="error" onClick={() => onDelete(f)}>
                      删除
                    </Button>
                  </>
                )}
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}

/** The model as its get call answers it (with its fields), reloaded after each change. */
function useModel(cmId: number) {
  const [model, setModel] = useState<Model | null>(null);
  const onError = useErrorNotifier();
  const load = useCallback(() => {
    if (cmId) dataProvider.getOne<Model & RaRecord>('contentModel', { id: cmId }).then(({ data }) => setModel(data), onError);
  }, [cmId, onError]);
  useEffect(load, [load]);
  return { model, load };
}

/** A model's fields (新增字段, 编辑, 删除) and its rows: the show view's panel and the details page. */
export function ModelFields({ cmId }: { cmId: number }) {
  const { model, load } = useModel(cmId);
  const [editing, setEditing] = useState<ModelField | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ModelField | null>(null);
  const onError = useErrorNotifier();
  const success = useSuccessNotifier();
  const { canAccess: canUpdate } = useCanAccess({ action: 'contentModel:update', resource: 'contentModel' });
  if (!model) return <Typography sx={{ p: 3 }}>正在加载…</Typography>;
  return (
    <Box sx={{ mt: 1 }}>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
            <Typography variant="h6" sx={{ flex: 1 }}>
              字段
            </Typography>
            {canUpdate && <Button onClick={() => setEditing('new')}>新增字段</Button>}
          </Stack>
          <FieldsTable fields={model.fields} canUpdate={canUpdate === true} onEdit={setEditing} onDelete={setDeleting} />
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" gutterBottom>
            数据
          </Typography>
          <ModelRows model={model} />
        </CardContent>
      </Card>
      <FieldDialog cmId={cmId} field={editing} onClose={() => setEditing(null)} onSaved={() => (setEditing(null), load())} />
      <Confirm
        isOpen={!!deleting}
        title="提示信息"
        content={`确定删除字段“${deleting?.fieldTipsName ?? ''}”吗？已保存的数据保留在表中。`}
        confirm="确定"
        cancel="取消"
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          const f = deleting as ModelField;
          setDeleting(null);
          dataProvider.callExtra('contentModel', 'fieldDelete', { body: { ids: [f.fieldId] } }).then(() => (success('删除成功'), load()), onError);
        }}
      />
    </Box>
  );
}

/** 自定义模型详情 (/main/system/ModelDetails?cmId=…): the model's name (保存), then its fields and rows. */
export function ModelDetails({ cmId }: { cmId: number }) {
  const { model, load } = useModel(cmId);
  const [name, setName] = useState<string | null>(null);
  const onError = useErrorNotifier();
  const success = useSuccessNotifier();
  const { canAccess: canUpdate } = useCanAccess({ action: 'contentModel:update', resource: 'contentModel' });
  if (!cmId) return <Typography sx={{ p: 3 }}>无效的id-key</Typography>;
  if (!model) return <Typography sx={{ p: 3 }}>正在加载…</Typography>;
  const shown = name ?? model.cmTipsName;
  return (
    <Box sx={{ mt: 1 }}>
      <Title title={`自定义模型：${model.cmTipsName}`} />
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <TextField label="模型名称" size="small" value={shown} onChange={(e) => setName(e.target.value)} disabled={!canUpdate} />
            <TextField label="表名" size="small" value={`cm_${model.cmTableName}`} disabled />
            {canUpdate && (
              <Button
                variant="contained"
                onClick={() => {
                  if (shown.trim() === model.cmTipsName) return emitWarningToast('未修改任何内容，不需要提交');
                  dataProvider.call(contentModelDecl.api.update, { body: { cmId, cmTipsName: shown.trim() } }).then(() => (success('修改成功'), setName(null), load()), onError);
                }}
              >
                保存
              </Button>
            )}
          </Stack>
        </CardContent>
      </Card>
      <ModelFields cmId={cmId} />
    </Box>
  );
}
