import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { Title } from 'react-admin';
import { PagingBar } from '../components/list/PagingBar';
import { PlainSearchForm } from '../components/list/SearchForm';
import { PortalToolbar } from '../components/list/Toolbar';
import questAnswerDecl from '../../resources/questAnswer';
import { dataProvider } from '../data';
import type { PageDecl } from '../pages';

interface Qa {
  id: number;
  quest: string;
  keywords: string | null;
  hitCount: number;
}

/** Reads every Q&A entry (pages of 200, at most 25 pages). */
export async function loadAllQa(): Promise<Qa[]> {
  const out: Qa[] = [];
  for (let pageNum = 1; pageNum <= 25; pageNum++) {
    const page = await dataProvider.call<{ list: Qa[]; totalPage: number }>(questAnswerDecl.api.list, { body: { pageNum, pageSize: 200 } });
    out.push(...page.list);
    if (pageNum >= page.totalPage) break;
  }
  return out;
}

/** 关键词: the keywords of the Q&A knowledge base, how many entries use each and which (a searched, paged list). */
function KeywordList() {
  const [rows, setRows] = useState<Qa[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [draft, setDraft] = useState('');
  const [filter, setFilter] = useState('');
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  useEffect(() => {
    loadAllQa().then(setRows, () => setFailed(true));
  }, []);
  const keywords = useMemo(() => {
    const map = new Map<string, Qa[]>();
    for (const q of rows ?? []) for (const k of (q.keywords ?? '').split(/[,，、;；\s]+/).filter(Boolean)) map.set(k, [...(map.get(k) ?? []), q]);
    return [...map.entries()].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0], 'zh'));
  }, [rows]);
  const matching = keywords.filter(([k]) => !filter || k.includes(filter));
  const shown = matching.slice((paging.pageNum - 1) * paging.pageSize, paging.pageNum * paging.pageSize);
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="关键词管理" />
      <CardContent>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          关键词在“问答管理”中随问题维护；公众咨询时，问题中出现的关键词会提高对应问答的匹配分数。
        </Typography>
        <PlainSearchForm onSearch={() => (setFilter(draft.trim()), setPaging({ ...paging, pageNum: 1 }))} onReset={() => (setDraft(''), setFilter(''), setPaging({ ...paging, pageNum: 1 }))}>
          <TextField size="small" label="关键词" value={draft} onChange={(e) => setDraft(e.target.value)} />
        </PlainSearchForm>
        <PortalToolbar />
        {failed && <Alert severity="error">加载失败</Alert>}
        {!failed && rows === null && <Typography>正在加载…</Typography>}
        {rows && matching.length === 0 && <Typography color="text.secondary">暂无数据</Typography>}
        {shown.length > 0 && (
          <Table size="small" aria-label="关键词列表">
            <TableHead>
              <TableRow>
                <TableCell>关键词</TableCell>
                <TableCell align="right">问答数</TableCell>
                <TableCell>相关问题</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map(([k, list]) => (
                <TableRow key={k} hover>
                  <TableCell>{k}</TableCell>
                  <TableCell align="right">{list.length}</TableCell>
                  <TableCell title={list.map((q) => q.quest).join('\n')}>{list.map((q) => `${q.quest}（命中${q.hitCount}次）`).join('；')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <PagingBar total={matching.length} pageNum={paging.pageNum} pageSize={paging.pageSize} onChange={(pageNum, pageSize) => setPaging({ pageNum, pageSize })} />
      </CardContent>
    </Card>
  );
}

export default { path: '/main/interact/keywordList', component: KeywordList } satisfies PageDecl;
