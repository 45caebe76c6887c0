import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Title, useCanAccess, useCreatePath } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { PAGE_SIZES, ListLoading } from '../../generic/GenericList';
import { dataProvider } from '../../data';
import { SURVEY_STATUS, surveyApi, type QuestionResult, type SurveyResults as Results } from './api';

const SEP = '\u3000';

// recharts only loads with the results screen.
const SurveyQuestionChart = lazy(() => import('../../components/charts/SurveyQuestionChart'));

function TextAnswers({ question }: { question: QuestionResult }) {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(10);
  const [data, setData] = useState<{ list: { id: number; content: string; createTime: string }[]; totalRow: number } | null>(null);
  useEffect(() => {
    surveyApi.texts(question.id, page + 1, size).then(setData, () => setData({ list: [], totalRow: 0 }));
  }, [question.id, page, size]);
  if (!data) return <ListLoading />;
  if (data.totalRow === 0) return <Typography color="text.secondary">暂无数据</Typography>;
  return (
    <>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>回答内容</TableCell>
            <TableCell sx={{ width: 180 }}>提交时间</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.list.map((t) => (
            <TableRow key={t.id}>
              <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{t.content}</TableCell>
              <TableCell>{t.createTime}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination component="div" count={data.totalRow} page={page} rowsPerPage={size} rowsPerPageOptions={PAGE_SIZES} labelRowsPerPage="每页条数" onPageChange={(_, p) => setPage(p)} onRowsPerPageChange={(e) => { setSize(Number(e.target.value)); setPage(0); }} />
    </>
  );
}

function Records({ surveyId }: { surveyId: number }) {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(10);
  const [data, setData] = useState<Awaited<ReturnType<typeof surveyApi.records>> | null>(null);
  const [detail, setDetail] = useState<Awaited<ReturnType<typeof surveyApi.record>> | null>(null);
  useEffect(() => {
    surveyApi.records(surveyId, page + 1, size).then(setData, () => setData({ list: [], totalRow: 0 }));
  }, [surveyId, page, size]);
  if (!data) return <ListLoading />;
  if (data.totalRow === 0) return <Typography color="text.secondary">暂无数据</Typography>;
  return (
    <>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>答卷编号</TableCell>
            <TableCell>姓名</TableCell>
            <TableCell>联系电话</TableCell>
            <TableCell>提交时间</TableCell>
            <TableCell align="right">操作</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.list.map((r) => (
            <TableRow key={r.id}>
              <TableCell>{r.id}</TableCell>
              <TableCell>{r.name ?? '匿名'}</TableCell>
              <TableCell>{r.phone ?? ''}</TableCell>
              <TableCell>{r.createTime}</TableCell>
              <TableCell align="right">
                <Button size="small" onClick={() => surveyApi.record(r.id).then(setDetail, () => undefined)}>
                  答卷详情
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination component="div" count={data.totalRow} page={page} rowsPerPage={size} rowsPerPageOptions={PAGE_SIZES} labelRowsPerPage="每页条数" onPageChange={(_, p) => setPage(p)} onRowsPerPageChange={(e) => { setSize(Number(e.target.value)); setPage(0); }} />
      <Dialog open={!!detail} onClose={() => setDetail(null)} maxWidth="sm" fullWidth>
        <DialogTitle>答卷详情</DialogTitle>
        <DialogContent>
          {detail?.answers.map((a, i) => (
            <Box key={a.questionId} sx={{ mb: 1.5 }}>
              <Typography variant="subtitle2">
                {i + 1}. {a.title}（{a.typeName}）
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                {a.text ?? (a.optionContents.length ? a.optionContents.join('；') : '未作答')}
              </Typography>
            </Box>
          ))}
        </DialogContent>
      </Dialog>
    </>
  );
}

/** 统计结果 (/survey/:id/show): counts and percentages per option as charts, text answers, records, Excel. */
export default function SurveyResults() {
  const { id } = useParams();
  const navigate = useNavigate();
  const surveyList = useCreatePath()({ resource: 'survey', type: 'list' });
  const [results, setResults] = useState<Results | null>(null);
  const [failed, setFailed] = useState(false);
  const [tab, setTab] = useState<'result' | 'records'>('result');
  const { canAccess: canExport } = useCanAccess({ resource: 'survey', action: 'survey:export' });
  const load = useCallback(() => {
    if (id) surveyApi.results(id).then(setResults, () => setFailed(true));
  }, [id]);
  useEffect(load, [load]);

  if (failed) return <Alert severity="error">统计结果加载失败</Alert>;
  if (!results) return <ListLoading />;
  const s = results.survey;
  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title={`统计结果：${s.title}`} />
      <Card>
        <CardContent>
          <Typography variant="h6">{s.title}</Typography>
          <Typography variant="body2" color="text.secondary">
            状态：{SURVEY_STATUS[Number(s.status)]}{SEP}答卷数：<span data-testid="survey-record-count">{results.recordCount}</span>
            {s.startTime ? `${SEP}开始：${s.startTime}` : ''}
            {s.endTime ? `${SEP}结束：${s.endTime}` : ''}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button variant={tab === 'result' ? 'contained' : 'outlined'} size="small" onClick={() => setTab('result')}>
              统计图表
            </Button>
            <Button variant={tab === 'records' ? 'contained' : 'outlined'} size="small" onClick={() => setTab('records')}>
              答卷记录
            </Button>
            {canExport && (
              <Button size="small" onClick={() => dataProvider.downloadExtra('survey', 'excel', { body: { surveyId: s.id } }, `问卷结果_${s.title}.xlsx`).catch(() => undefined)}>
                导出Excel
              </Button>
            )}
            <Button size="small" onClick={load}>
              刷新
            </Button>
            <Button size="small" onClick={() => navigate(surveyList)}>
              返回列表
            </Button>
          </Stack>
        </CardContent>
      </Card>
      {tab === 'records' ? (
        <Card sx={{ mt: 2 }}>
          <CardContent>
            <Records surveyId={s.id} />
          </CardContent>
        </Card>
      ) : (
        results.questions.map((q, i) => (
          <Card key={q.id} sx={{ mt: 2 }} data-testid="survey-result-question">
            <CardContent>
              <Typography variant="subtitle1" gutterBottom>
                {i + 1}. {q.title}（{q.typeName}，{q.answered}人作答）
              </Typography>
              {q.type === 2 ? (
                <TextAnswers question={q} />
              ) : (
                <Suspense fallback={<ListLoading />}>
                  <SurveyQuestionChart type={q.type} options={q.options} />
                </Suspense>
              )}
            </CardContent>
          </Card>
        ))
      )}
    </Box>
  );
}
