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
import articleDecl from '../../resources/article';
import { dataProvider } from '../data';
import { useErrorNotifier, useSuccessNotifier } from '../notices/useErrorNotifier';
import { ShowSection } from '../generic/ShowSection';

interface Related {
  id: number;
  relevantId: number;
  title: string;
  statusName: string;
  columnTitle: string;
}
interface Found {
  articleId: number;
  title: string;
  columnTitle: string;
}

const calls = {
  list: (id: number) => dataProvider.callExtra<Related[]>('article', 'relevantList', { body: { id } }),
  add: (articleId: number, relevantIds: number[]) => dataProvider.callExtra('article', 'relevantSave', { body: { articleId, relevantIds } }),
  remove: (id: number) => dataProvider.callExtra('article', 'relevantDelete', { body: { id } }),
  // The declared list call with the title as typed (getList would drop an empty one and reorder the body).
  search: (title: string) => dataProvider.call<{ list: Found[] }>(articleDecl.api.list, { body: { title, pageNum: 1, pageSize: 10 } }),
};

/**
 * 相关文章 of the article shown (resources/article.ts showPanels): its list, add by a title search, remove
 * (confirmed) — three calls of its own, so not a declared table.
 */
export default function ArticleRelated() {
  const record = useRecordContext();
  const articleId = Number(record?.id);
  const [rows, setRows] = useState<Related[] | null>(null);
  const [options, setOptions] = useState<Found[]>([]);
  const [removing, setRemoving] = useState<number | null>(null);
  const onError = useErrorNotifier();
  const success = useSuccessNotifier();
  const { canAccess: canEdit } = useCanAccess({ action: 'article:update', resource: 'article' });
  const load = useCallback(() => {
    if (!articleId) return;
    calls.list(articleId).then(setRows, (e) => (onError(e), setRows([])));
  }, [articleId, onError]);
  useEffect(load, [load]);
  if (!record) return null;
  return (
    <ShowSection title="相关文章">
      {rows === null ? (
        <Typography variant="body2">正在加载…</Typography>
      ) : rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">暂无相关文章</Typography>
      ) : (
        <Table size="small" aria-label="相关文章">
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id}>
                <TableCell>{r.title}</TableCell>
                <TableCell>{r.columnTitle}</TableCell>
                <TableCell>{r.statusName}</TableCell>
                <TableCell align="right">
                  {canEdit && (
                    <IconButton size="small" aria-label="移除相关文章" onClick={() => setRemoving(r.id)}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {canEdit && (
        <Autocomplete
          sx={{ mt: 1, maxWidth: 480 }}
          size="small"
          options={options}
          filterOptions={(x) => x}
          getOptionLabel={(o) => `${o.title}（${o.columnTitle}）`}
          onInputChange={(_e, text) => {
            if (text.trim().length < 1) return;
            calls.search(text.trim()).then((r) => setOptions(r.list.filter((a) => a.articleId !== articleId)), () => undefined);
          }}
          onChange={(_e, value) => {
            if (!value) return;
            calls.add(articleId, [value.articleId]).then(() => (success('保存成功'), load()), onError);
          }}
          renderInput={(params) => <TextField {...params} label="添加相关文章（输入标题搜索）" />}
        />
      )}
      <Confirm
        isOpen={removing !== null}
        title="提示信息"
        content="确定移除这篇相关文章吗？"
        confirm="确定"
        cancel="取消"
        onConfirm={() => {
          const id = removing as number;
          setRemoving(null);
          calls.remove(id).then(() => (success('删除成功'), load()), onError);
        }}
        onClose={() => setRemoving(null)}
      />
    </ShowSection>
  );
}
