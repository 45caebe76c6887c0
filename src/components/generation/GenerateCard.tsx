import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useState } from 'react';
import { dataProvider } from '../../data';
import { DateValueBox } from '../dates/DateInputs';
import { ColumnSelect } from './ColumnSelect';
import { CopiesStatus } from './CopiesStatus';
import { RunOutcome, RunProgress } from './RunReport';
import { siteLink } from './siteLink';
import { type ColumnNode, type ColumnOption, flattenColumns } from './types';
import { useGenerationRuns } from './useGenerationRuns';

/** One row of the card: its name on the left, its controls beside it. */
function Row({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
      <Typography sx={{ width: 80 }}>{name}</Typography>
      {children}
    </Stack>
  );
}

function useColumnOptions() {
  const [columns, setColumns] = useState<ColumnOption[] | null>(null);
  useEffect(() => {
    dataProvider.callExtra<ColumnNode[]>('column', 'tree').then(
      (tree) => setColumns(flattenColumns(tree ?? [])),
      () => setColumns([]),
    );
  }, []);
  return columns;
}

/** The generate buttons (home page, whole site, columns, articles since a day) with progress and results. */
export function GenerateCard() {
  const columns = useColumnOptions();
  const runs = useGenerationRuns();
  const [column, setColumn] = useState('all');
  const [articleColumn, setArticleColumn] = useState('0');
  // Empty = every published article (the default); a day limits it to articles published since then.
  const [since, setSince] = useState('');
  const loading = columns === null;
  const pageColumns = (columns ?? []).filter((c) => c.type !== 3);
  const busy = !!runs.busy;

  const generateColumns = () => {
    const targets = column === 'all' ? pageColumns : pageColumns.filter((c) => String(c.id) === column);
    void runs.generateColumns(targets, column === 'all' ? '生成全部栏目' : `生成栏目“${targets[0]?.label ?? ''}”`);
  };

  return (
    <Card>
      <CardContent>
        <Stack spacing={2}>
          <Row name="首页">
            <Button variant="contained" disabled={busy} onClick={() => void runs.generateIndex()}>
              生成首页
            </Button>
            <Button variant="outlined" disabled={busy} onClick={runs.generateSite}>
              生成全站
            </Button>
          </Row>
          <Row name="栏目">
            <ColumnSelect value={column} onChange={setColumn} allLabel="全部栏目" allValue="all" options={pageColumns} loading={loading} />
            <Button variant="contained" disabled={busy || loading || pageColumns.length === 0} onClick={generateColumns}>
              生成栏目
            </Button>
            {!loading && pageColumns.length === 0 && <Typography color="text.secondary">暂无栏目</Typography>}
          </Row>
          <Row name="文章">
            <ColumnSelect value={articleColumn} onChange={setArticleColumn} allLabel="全部栏目" allValue="0" options={pageColumns} loading={loading} />
            <DateValueBox kind="date" size="small" label="发布日期起（留空为全部）" value={since} onChange={(v) => setSince(v ?? '')} width={220} />
            <Button variant="contained" disabled={busy} onClick={() => runs.generateArticles(Number(articleColumn), since)}>
              生成文章
            </Button>
          </Row>
          {runs.busy && <RunProgress busy={runs.busy} />}
          {/* Above the outcome's list of pages, where it is seen without scrolling. */}
          {!runs.busy && <CopiesStatus after={runs.outcome} />}
          {runs.outcome && !runs.busy && <RunOutcome outcome={runs.outcome} />}
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
  );
}
