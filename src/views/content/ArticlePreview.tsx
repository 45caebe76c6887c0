import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import type { RaRecord } from 'react-admin';
import { HtmlViewer } from '../../components/htmlViewer/HtmlViewer';
import { dataProvider } from '../../data';
import { ListLoading } from '../../generic/GenericList';
import { useErrorNotifier } from '../../notices/useErrorNotifier';

interface Flow {
  actionName: string;
  opinion?: string | null;
  userName?: string | null;
  createTime: string;
  toStatusName?: string;
}

/** The admin "get" of an article (docs/content.md): body, metadata and the review history. */
export interface ArticleDetail {
  articleId: number;
  title: string;
  content?: string | null;
  columnTitle?: string | null;
  author?: string | null;
  source?: string | null;
  creatorName?: string | null;
  deptName?: string | null;
  createTime?: string | null;
  submitTime?: string | null;
  status: number;
  statusName?: string | null;
  flowList?: Flow[];
}

const dash = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

function Meta({ a }: { a: ArticleDetail }) {
  const items: [string, string][] = [
    ['栏目', dash(a.columnTitle)],
    ['作者/来源', `${dash(a.author)} / ${dash(a.source)}`],
    ['创建人', a.deptName ? `${dash(a.creatorName)}（${a.deptName}）` : dash(a.creatorName)],
    ['提交时间', dash(a.submitTime)],
    ['状态', dash(a.statusName)],
  ];
  return (
    <Box component="dl" data-testid="article-meta" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', columnGap: 3, rowGap: 0.5, m: 0, mb: 2 }}>
      {items.map(([k, v]) => (
        <Box key={k} sx={{ display: 'flex', gap: 1, minWidth: 0 }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
            {k}：
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }} noWrap title={v} data-label={k}>
            {v}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function History({ flows }: { flows: readonly Flow[] }) {
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        审核记录
      </Typography>
      {flows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          暂无审核记录
        </Typography>
      ) : (
        <Table size="small" aria-label="审核记录">
          <TableHead>
            <TableRow>
              <TableCell>时间</TableCell>
              <TableCell>操作人</TableCell>
              <TableCell>操作</TableCell>
              <TableCell>意见</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {flows.map((f, i) => (
              <TableRow key={i}>
                <TableCell>{f.createTime}</TableCell>
                <TableCell>{dash(f.userName)}</TableCell>
                <TableCell>{f.actionName}</TableCell>
                <TableCell>{dash(f.opinion)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

/**
 * The reviewer's 预览: the article's metadata (栏目, 作者/来源, 创建人, 提交时间, 状态), its body and 审核记录, with
 * the caller's review buttons (`actions`, given the loaded article) next to 关闭.
 */
export function ArticlePreviewDialog(props: { articleId: number; title: string; open: boolean; onClose: () => void; actions?: (a: ArticleDetail) => ReactNode }) {
  const { articleId, title, open, onClose, actions } = props;
  const [detail, setDetail] = useState<ArticleDetail | null>(null);
  const onError = useErrorNotifier();
  useEffect(() => {
    if (!open) return;
    let live = true;
    setDetail(null);
    dataProvider.getOne<ArticleDetail & RaRecord>('article', { id: articleId }).then(
      ({ data }) => live && setDetail(data),
      (e) => (onError(e), onClose()),
    );
    return () => {
      live = false;
    };
  }, [open, articleId, onError, onClose]);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby={`preview-${articleId}`}>
      <DialogTitle id={`preview-${articleId}`}>{title}</DialogTitle>
      <DialogContent dividers>
        {detail === null ? (
          <ListLoading />
        ) : (
          <>
            <Meta a={detail} />
            <HtmlViewer html={detail.content ?? ''} title="文章预览" />
            <History flows={detail.flowList ?? []} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        {detail && actions?.(detail)}
        <Button onClick={onClose}>关闭</Button>
      </DialogActions>
    </Dialog>
  );
}

/** A 预览 button opening the dialog. */
export function PreviewButton(props: { articleId: number; title: string; actions?: (a: ArticleDetail, close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const close = useState(() => () => setOpen(false))[0];
  return (
    <>
      <Button size="small" onClick={(e) => (e.stopPropagation(), setOpen(true))}>
        预览
      </Button>
      {open && <ArticlePreviewDialog articleId={props.articleId} title={props.title} open={open} onClose={close} actions={props.actions ? (a) => props.actions?.(a, close) : undefined} />}
    </>
  );
}
