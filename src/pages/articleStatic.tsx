import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Title, useCanAccess } from 'react-admin';
import { generationCalls } from '../../resources/calls/generation';
import type { ApiCall } from '../../resources/types';
import { dataProvider } from '../data';
import { useErrorNotifier, useSuccessNotifier } from '../notices/useErrorNotifier';
import { apiUrl } from '../portal';
import type { PageDecl } from '../pages';
import { DateValueBox } from '../components/dates/DateInputs';

/** Permission keys of the generation module (server/modules/generation). */
export const GENERATION_KEYS = { run: 'generation:run', view: 'generation:view' } as const;

interface ColumnNode {
  categoryId: number;
  categoryTitle: string;
  columnType: number;
  children?: ColumnNode[];
}

interface GenerateResult {
  pages: number;
  paths: string[];
  removed?: number;
  assets?: number;
}

/** GET /api/generate/progress: the latest background run (full site or articles). */
interface RunStatus {
  running: boolean;
  done: number;
  total: number;
  pages: number;
  paths: string[];
  error: string | null;
}

interface Outcome {
  title: string;
  pages: number;
  paths: string[];
  failed: string[];
}

/** The column tree flattened for a select, with the depth for indentation. External links take no pages. */
export function flattenColumns(nodes: readonly ColumnNode[], depth = 0): { id: number; label: string; depth: number; type: number }[] {
  const out: { id: number; label: string; depth: number; type: number }[] = [];
  for (const n of nodes) {
    out.push({ id: Number(n.categoryId), label: n.categoryTitle, depth, type: Number(n.columnType) });
    if (n.children?.length) out.push(...flattenColumns(n.children, depth + 1));
  }
  return out;
}

// The generated public site, served beside the API (a page address, not a call).
const siteLink = (rel: string) => `${apiUrl}/site/${rel}`;
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * 静态生成 (/main/article/static): generate the home page, one or every column's list pages, and the
 * articles published since a date, with progress and results; a sandboxed preview of the home page.
 */
export function ArticleStatic() {
  const { canAccess: canRun } = useCanAccess({ action: GENERATION_KEYS.run, resource: 'article_static' });
  const { canAccess: canView } = useCanAccess({ action: GENERATION_KEYS.view, resource: 'article_static' });
  const onError = useErrorNotifier();
  const success = useSuccessNotifier();
  const [columns, setColumns] = useState<ReturnType<typeof flattenColumns> | null>(null);
  const [column, setColumn] = useState<string>('all');
  const [articleColumn, setArticleColumn] = useState<string>('0');
  // Empty = every published article (the default); a day limits it to articles published since then.
  const [since, setSince] = useState('');
  const [busy, setBusy] = useState<{ label: string; done: number; total: number } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [previewLoading, setPreviewLoading] = useState(false);
  const [previewError, setPreviewError] = useState<string | null>(null);

  useEffect(() => {
    dataProvider.callExtra<ColumnNode[]>('column', 'tree').then(
      (tree) => setColumns(flattenColumns(tree ?? [])),
      () => setColumns([]),
    );
  }, []);

  const pageColumns = (columns ?? []).filter((c) => c.type !== 3);

  const finish = (o: Outcome) => {
    setOutcome(o);
    if (!o.failed.length) success(`${o.title}完成，共生成${o.pages}个页面`);
  };

  const generateIndex = async () => {
    setBusy({ label: '正在生成首页', done: 0, total: 1 });
    try {
      const r = await dataProvider.call<GenerateResult>(generationCalls.index);
      finish({ title: '生成首页', pages: r.pages, paths: r.paths, failed: [] });
    } catch (e) {
      onError(e);
      setOutcome({ title: '生成首页', pages: 0, paths: [], failed: [messageOf(e)] });
    } finally {
      setBusy(null);
    }
  };

  const generateColumns = async () => {
    const targets = column === 'all' ? pageColumns : pageColumns.filter((c) => String(c.id) === column);
    if (!targets.length) return;
    const o: Outcome = { title: column === 'all' ? '生成全部栏目' : `生成栏目“${targets[0]?.label ?? ''}”`, pages: 0, paths: [], failed: [] };
    for (const [i, c] of targets.entries()) {
      setBusy({ label: `正在生成栏目：${c.label}`, done: i, total: targets.length });
      try {
        const r = await dataProvider.call<GenerateResult>(generationCalls.column, { path: { columnId: c.id } });
        o.pages += r.pages;
        o.paths.push(...r.paths);
      } catch (e) {
        o.failed.push(`${c.label}：${messageOf(e)}`);
      }
    }
    setBusy(null);
    finish(o);
  };

  /** Starts a background run and follows its progress (done/total) until it ends. */
  const follow = async (title: string, label: string, start: ApiCall, body?: unknown) => {
    setBusy({ label, done: 0, total: 0 });
    try {
      await dataProvider.call<RunStatus>(start, { body });
      for (;;) {
        await new Promise((r) => setTimeout(r, 500));
        const s = await dataProvider.call<RunStatus>(generationCalls.progress);
        setBusy({ label, done: s.done, total: s.total });
        if (!s.running) {
          const o = { title, pages: s.pages || s.done, paths: s.paths, failed: s.error ? [s.error] : [] };
          if (s.error) setOutcome(o);
          else finish(o);
          break;
        }
      }
    } catch (e) {
      onError(e);
      setOutcome({ title, pages: 0, paths: [], failed: [messageOf(e)] });
    } finally {
      setBusy(null);
    }
  };

  const generateArticles = () => {
    if (since && !/^\d{4}-\d{2}-\d{2}$/.test(since)) {
      setOutcome({ title: '生成文章', pages: 0, paths: [], failed: ['发布日期格式不正确'] });
      return;
    }
    void follow('生成文章', '正在生成文章', generationCalls.articles, { columnId: Number(articleColumn), dateTime: since || null });
  };

  const generateSite = () => void follow('生成全站', '正在生成全站', generationCalls.site);

  const loadPreview = async () => {
    setPreviewLoading(true);
    setPreviewError(null);
    try {
      setPreview(withSiteBase(await dataProvider.call<string>(generationCalls.view, { path: { columnId: 0 } })));
    } catch (e) {
      setPreview(null);
      setPreviewError(messageOf(e));
    } finally {
      setPreviewLoading(false);
    }
  };

  const columnSelect = (value: string, onChange: (v: string) => void, allLabel: string, allValue: string, list: typeof pageColumns) => (
    <TextField select size="small" label="栏目" value={value} onChange={(e) => onChange(e.target.value)} sx={{ minWidth: 240 }} disabled={columns === null}>
      <MenuItem value={allValue}>{allLabel}</MenuItem>
      {list.map((c) => (
        <MenuItem key={c.id} value={String(c.id)} sx={{ pl: 2 + c.depth * 2 }}>
          {c.label}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Box sx={{ p: 2 }}>
      <Title title="静态生成" />
      <Stack spacing={2}>
        {canRun === false && canView === false && <Alert severity="warning">您没有静态生成的权限</Alert>}
        {canRun && (
          <Card>
            <CardContent>
              <Stack spacing={2}>
                <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
                  <Typography sx={{ width: 80 }}>首页</Typography>
                  <Button variant="contained" disabled={!!busy} onClick={() => void generateIndex()}>
                    生成首页
                  </Button>
                  <Button variant="outlined" disabled={!!busy} onClick={generateSite}>
                    生成全站
                  </Button>
                </Stack>
                <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
                  <Typography sx={{ width: 80 }}>栏目</Typography>
                  {columnSelect(column, setColumn, '全部栏目', 'all', pageColumns)}
                  <Button variant="contained" disabled={!!busy || columns === null || pageColumns.length === 0} onClick={() => void generateColumns()}>
                    生成栏目
                  </Button>
                  {columns !== null && pageColumns.length === 0 && <Typography color="text.secondary">暂无栏目</Typography>}
                </Stack>
                <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
                  <Typography sx={{ width: 80 }}>文章</Typography>
                  {columnSelect(articleColumn, setArticleColumn, '全部栏目', '0', pageColumns)}
                  <DateValueBox kind="date" size="small" label="发布日期起（留空为全部）" value={since} onChange={(v) => setSince(v ?? '')} width={220} />
                  <Button variant="contained" disabled={!!busy} onClick={generateArticles}>
                    生成文章
                  </Button>
                </Stack>
                {busy && (
                  <Box>
                    <Typography variant="body2" sx={{ mb: 0.5 }}>
                      {busy.label}
                      {busy.total > 0 ? `（${busy.done}/${busy.total}）` : '…'}
                    </Typography>
                    <LinearProgress variant={busy.total > 0 ? 'determinate' : 'indeterminate'} value={busy.total > 0 ? (busy.done / busy.total) * 100 : undefined} />
                  </Box>
                )}
                {outcome && !busy && (
                  <Box>
                    <Alert severity={outcome.failed.length ? (outcome.pages ? 'warning' : 'error') : 'success'}>
                      {outcome.title}：成功生成 {outcome.pages} 个页面{outcome.failed.length ? `，失败 ${outcome.failed.length} 项` : ''}
                      {outcome.failed.map((f) => (
                        <div key={f}>{f}</div>
                      ))}
                    </Alert>
                    {outcome.paths.length > 0 && (
                      <Box component="ul" sx={{ m: 0, mt: 1, pl: 3, maxHeight: 240, overflow: 'auto' }}>
                        {outcome.paths.slice(0, 100).map((p) => (
                          <li key={p}>
                            <Link href={siteLink(p)} target="_blank" rel="noopener noreferrer">
                              {p}
                            </Link>
                          </li>
                        ))}
                        {outcome.paths.length > 100 && <li>……共 {outcome.paths.length} 个页面</li>}
                      </Box>
                    )}
                  </Box>
                )}
                <Typography variant="body2" color="text.secondary">
                  已生成的站点：
                  <Link href={siteLink('index.html')} target="_blank" rel="noopener noreferrer">
                    首页
                  </Link>
                  。文章发布、修改、移动、下线或删除时，会自动更新显示该文章的页面：文章页、所在栏目（及上级栏目）中包含它的列表页，以及它出现在首页时的首页。
                </Typography>
              </Stack>
            </CardContent>
          </Card>
        )}
        {canView && (
          <Card>
            <CardContent>
              <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }}>
                <Typography variant="h6">首页预览</Typography>
                <Button variant="outlined" disabled={previewLoading} onClick={() => void loadPreview()}>
                  {preview === null ? '预览首页' : '刷新预览'}
                </Button>
              </Stack>
              {previewLoading && <LinearProgress />}
              {previewError && <Alert severity="error">{previewError}</Alert>}
              {preview === null && !previewLoading && !previewError && <Typography color="text.secondary">点击“预览首页”查看按当前模板渲染的首页（不会写入文件）</Typography>}
              {preview !== null && (
                <iframe
                  title="首页预览"
                  srcDoc={preview}
                  // No scripts, no forms, no same-origin access: the preview is inert.
                  sandbox=""
                  style={{ width: '100%', height: 640, border: '1px solid #ddd', borderRadius: 4 }}
                />
              )}
            </CardContent>
          </Card>
        )}
      </Stack>
    </Box>
  );
}

/**
 * The preview's links are relative to the site root; in an iframe's srcdoc they would resolve against
 * this app's address (/admin/), leaving the page unstyled. A <base> points them at the site at /site/.
 */
function withSiteBase(html: string): string {
  const base = `<base href="${new URL('/site/', window.location.origin).href}">`;
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => head + base) : base + html;
}

const page: PageDecl = { path: '/main/article/static', component: ArticleStatic };
export default page;
