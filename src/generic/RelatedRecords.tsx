import DeleteIcon from '@mui/icons-material/Delete';
import Autocomplete from '@mui/material/Autocomplete';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { Confirm, useCanAccess, useRecordContext } from 'react-admin';
import type { RelatedDecl } from '../../resources/relations/related';
import type { ResourceDecl } from '../../resources/types';
import { dataProvider } from '../data';
import { useErrorNotifier, useSuccessNotifier } from '../notices/useErrorNotifier';
import { ShowSection } from './ShowSection';

type Rec = Record<string, unknown>;
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The declaration's related calls (resources/relations/related.ts) and the list call for the add search. */
function callsOf(decl: ResourceDecl, rel: RelatedDecl) {
  return {
    list: (id: number) => dataProvider.callExtra<Rec[]>(decl.name, rel.calls.list, { body: { id } }),
    add: (id: number, ids: number[]) => dataProvider.callExtra(decl.name, rel.calls.add, { body: { [rel.from]: id, [`${rel.to}s`]: ids } }),
    remove: (id: number) => dataProvider.callExtra(decl.name, rel.calls.remove, { body: { id } }),
    // The declared list call with the title as typed (getList would drop an empty one and reorder the body).
    search: (title: string) => dataProvider.call<{ list: Rec[] }>(decl.api.list, { body: { [decl.titleField]: title, pageNum: 1, pageSize: 10 } }),
  };
}

/** The related table: the declared columns, and a remove button for those who may edit. */
function RelatedTable({ rel, rows, onRemove }: { rel: RelatedDecl; rows: readonly Rec[]; onRemove?: (id: number) => void }) {
  if (rows.length === 0) return <Typography variant="body2" color="text.secondary">{rel.empty}</Typography>;
  return (
    <Table size="small" aria-label={rel.label}>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={text(r.id)}>
            {rel.columns.map((c) => (
              <TableCell key={c}>{text(r[c])}</TableCell>
            ))}
            <TableCell align="right">
              {onRemove && (
                <IconButton size="small" aria-label={`移除${rel.label}`} onClick={() => onRemove(Number(r.id))}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * The declaration's `related` records of the record shown (文章's 相关文章): its list, add by a title search,
 * remove (confirmed). Adding and removing need the update key.
 */
export function RelatedRecords({ decl }: { decl: ResourceDecl }) {
  const rel = decl.related;
  const record = useRecordContext();
  const id = Number(record?.id);
  const [rows, setRows] = useState<Rec[] | null>(null);
  const [options, setOptions] = useState<Rec[]>([]);
  const [removing, setRemoving] = useState<number | null>(null);
  const onError = useErrorNotifier();
  const success = useSuccessNotifier();
  const { canAccess: canEdit } = useCanAccess({ action: decl.permissions.update, resource: decl.name });
  const [calls] = useState(() => (rel ? callsOf(decl, rel) : null));
  const load = useCallback(() => {
    if (!id || !calls) return;
    calls.list(id).then(setRows, (e) => (onError(e), setRows([])));
  }, [id, calls, onError]);
  useEffect(load, [load]);
  if (!rel || !calls || !record) return null;
  const title = (o: Rec) => text(o[decl.titleField]) + (rel.hint ? `（${text(o[rel.hint])}）` : '');
  return (
    <ShowSection title={rel.label}>
      {rows === null ? <Typography variant="body2">正在加载…</Typography> : <RelatedTable rel={rel} rows={rows} onRemove={canEdit ? setRemoving : undefined} />}
      {canEdit && (
        <Autocomplete
          sx={{ mt: 1, maxWidth: 480 }}
          size="small"
          options={options}
          filterOptions={(x) => x}
          getOptionLabel={title}
          onInputChange={(_e, typed) => {
            if (typed.trim().length < 1) return;
            calls.search(typed.trim()).then((r) => setOptions(r.list.filter((o) => Number(o[decl.idField]) !== id)), () => undefined);
          }}
          onChange={(_e, value) => {
            if (!value) return;
            calls.add(id, [Number(value[decl.idField])]).then(() => (success('保存成功'), load()), onError);
          }}
          renderInput={(params) => <TextField {...params} label={`添加${rel.label}（输入${decl.fields.find((f) => f.name === decl.titleField)?.label ?? ''}搜索）`} />}
        />
      )}
      <Confirm
        isOpen={removing !== null}
        title="提示信息"
        content={rel.confirm}
        confirm="确定"
        cancel="取消"
        onConfirm={() => {
          const relation = removing as number;
          setRemoving(null);
          calls.remove(relation).then(() => (success('删除成功'), load()), onError);
        }}
        onClose={() => setRemoving(null)}
      />
    </ShowSection>
  );
}
