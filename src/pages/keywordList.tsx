import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { Title } from 'react-admin';
import type { PageDecl } from '../pages';
import { http } from '../portal';

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
    const page = await http.request<{ list: Qa[]; totalPage: number }>({ path: '/questAnswer/list', body: { pageNum, pageSize: 200 } });
    out.push(...page.list);
    if (pageNum >= page.totalPage) break;
  }
  return out;
}

/** 关键词: the keywords of the Q&A knowledge base, with how many entries use each; click to see them. */
function KeywordList() {
  const [rows, setRows] = useState<Qa[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [filter, setFilter] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => {
    loadAllQa().then(setRows, () => setFailed(true));
  }, []);
  const keywords = useMemo(() => {
    const map = new Map<string, Qa[]>();
    for (const q of rows ?? []) for (const k of (q.keywords ?? '').split(/[,，、;；\s]+/).filter(Boolean)) map.set(k, [...(map.get(k) ?? []), q]);
    return [...map.entries()].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0], 'zh'));
  }, [rows]);
  const shown = keywords.filter(([k]) => !filter || k.includes(filter));
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="关键词管理" />
      <CardContent>
        <Typography variant="h6" component="h1" gutterBottom>
          关键词
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          关键词在“问答管理”中随问题维护；公众咨询时，问题中出现的关键词会提高对应问答的匹配分数。
        </Typography>
        <TextField size="small" label="筛选关键词" value={filter} onChange={(e) => setFilter(e.target.value)} sx={{ my: 1 }} />
        {failed && <Alert severity="error">加载失败</Alert>}
        {!failed && rows === null && <Typography>正在加载…</Typography>}
        {rows && shown.length === 0 && <Typography color="text.secondary">暂无数据</Typography>}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', my: 1 }}>
          {shown.map(([k, list]) => (
            <Chip key={k} label={`${k}（${list.length}）`} color={chosen === k ? 'primary' : 'default'} onClick={() => setChosen(chosen === k ? null : k)} />
          ))}
        </Stack>
        {chosen && (
          <Stack spacing={0.5}>
            {(keywords.find(([k]) => k === chosen)?.[1] ?? []).map((q) => (
              <Typography key={q.id}>
                {q.quest}（命中{q.hitCount}次）
              </Typography>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

export default { path: '/main/interact/keywordList', component: KeywordList } satisfies PageDecl;
