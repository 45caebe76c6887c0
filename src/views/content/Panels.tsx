import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { Confirm, useCanAccess } from 'react-admin';
import { useErrorNotifier, useSuccessNotifier } from '../../notices/useErrorNotifier';
import { contentApi, type FlowEntry, type SensitiveHit } from './api';

/** 审核记录: who did what, when, from which state to which, with the opinion. */
export function FlowHistory({ flows }: { flows: FlowEntry[] | undefined }) {
  if (!flows?.length) return <Typography variant="body2" color="text.secondary">暂无记录</Typography>;
  return (
    <Table size="small" aria-label="审核记录">
      <TableHead>
        <TableRow>
          <TableCell>时间</TableCell>
          <TableCell>操作</TableCell>
          <TableCell>操作人</TableCell>
          <TableCell>状态变化</TableCell>
          <TableCell>意见</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {flows.map((f) => (
          <TableRow key={f.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{f.createTime}</TableCell>
            <TableCell>{f.actionName}</TableCell>
            <TableCell>{f.userName}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{f.fromStatusName ? `${f.fromStatusName} → ${f.toStatusName}` : f.toStatusName}</TableCell>
            <TableCell>{f.opinion ?? ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const LEVEL_COLORS: Record<number, 'error' | 'warning' | 'info'> = { 1: 'error', 2: 'warning', 3: 'info' };

/** Sensitive-word hits, each with the text around it. */
export function SensitiveHits({ hits }: { hits: SensitiveHit[] | undefined }) {
  if (!hits?.length) return <Alert severity="success">未发现敏感词</Alert>;
  return (
    <Box>
      {hits.some((h) => h.level === 1) && <Alert severity="error" sx={{ mb: 1 }}>包含“禁止发布”的敏感词，修改后才能提交审核</Alert>}
      <Table size="small" aria-label="敏感词命中">
        <TableHead>
          <TableRow>
            <TableCell>敏感词</TableCell>
            <TableCell>处理方式</TableCell>
            <TableCell>位置</TableCell>
            <TableCell>上下文</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {hits.map((h, i) => (
            <TableRow key={`${h.wordId}-${h.field}-${i}`}>
              <TableCell>{h.word}</TableCell>
              <TableCell>
                <Chip size="small" color={LEVEL_COLORS[h.level] ?? 'default'} label={h.levelName} />
              </TableCell>
              <TableCell>{h.field}</TableCell>
              <TableCell sx={{ '& mark': { bgcolor: 'warning.light' } }}>{highlight(h.context, h.word)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function highlight(context: string, word: string) {
  const parts = context.split(`【${word}】`);
  return parts.flatMap((p, i) => (i === 0 ? [p] : [<mark key={i}>{word}</mark>, p]));
}

/** 相关文章 of a saved article: list, add by title search, remove. */
export function RelatedArticles({ articleId }: { articleId: number }) {
  const [rows, setRows] = useState<{ id: number; relevantId: number; title: string; statusName: string; columnTitle: string }[] | null>(null);
  const [options, setOptions] = useState<{ articleId: number; title: string; columnTitle: string }[]>([]);
  const [removing, setRemoving] = useState<number | null>(null);
  const onError = useErrorNotifier();
  const success = useSuccessNotifier();
  const { canAccess: canEdit } = useCanAccess({ action: 'article:update', resource: 'article' });
  const load = useCallback(() => {
    contentApi.relevantList(articleId).then(setRows, (e) => (onError(e), setRows([])));
  }, [articleId, onError]);
  useEffect(load, [load]);
  return (
    <Box>
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
            contentApi.searchArticles(text.trim()).then((r) => setOptions(r.list.filter((a) => a.articleId !== articleId)), () => undefined);
          }}
          onChange={(_e, value) => {
            if (!value) return;
            contentApi.relevantSave(articleId, [value.articleId]).then(() => (success('保存成功'), load()), onError);
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
          contentApi.relevantDelete(id).then(() => (success('删除成功'), load()), onError);
        }}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}

export function SectionTitle({ children }: { children: string }) {
  return (
    <Typography variant="subtitle1" sx={{ mt: 3, mb: 1, fontWeight: 600 }}>
      {children}
    </Typography>
  );
}

export function DetectButton({ onClick }: { onClick: () => void }) {
  return (
    <Button size="small" variant="outlined" onClick={onClick}>
      敏感词检测
    </Button>
  );
}
