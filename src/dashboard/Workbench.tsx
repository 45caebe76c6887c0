import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link } from 'react-admin';
import type { WorkbenchActivity, WorkbenchCount, WorkbenchSummary } from '../../resources/workbench/todos';
import { ListLoading } from '../generic/GenericList';
import { useErrorNotifier } from '../notices/useErrorNotifier';
import { systemCalls } from '../../resources/calls/system';
import { dataProvider } from '../data';

/** The caller's to-dos and recent activity, from /api/workbench/summary (docs/backoffice.md "Workbench"). */
export function useWorkbench(): WorkbenchSummary | null {
  const [data, setData] = useState<WorkbenchSummary | null>(null);
  const onError = useErrorNotifier();
  useEffect(() => {
    let live = true;
    dataProvider.call<WorkbenchSummary>(systemCalls.workbenchSummary, { silent: true }).then(
      (d) => live && setData(d),
      (e) => (onError(e), live && setData({ todos: [], recentArticles: [], myOperations: [] })),
    );
    return () => {
      live = false;
    };
  }, [onError]);
  return data;
}

const toneColor = (t: WorkbenchCount) => (t.count > 0 && t.tone ? `${t.tone}.main` : t.count > 0 ? 'primary.main' : 'text.secondary');

function TodoCard({ todo }: { todo: WorkbenchCount }) {
  return (
    <Card variant="outlined" sx={{ width: 190 }} data-testid={`todo-${todo.key}`}>
      <CardActionArea component={Link} to={todo.link} aria-label={`${todo.label} ${todo.count}`} sx={{ height: '100%' }}>
        <CardContent sx={{ py: 1.5 }}>
          <Typography variant="h4" component="p" sx={{ color: toneColor(todo), fontWeight: 600 }} data-testid="todo-count">
            {todo.count}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap title={todo.label}>
            {todo.label}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** 我的待办: the to-dos grouped (内容审核, 领导信箱, …), each a count that opens its filtered list. */
export function TodoPanel({ data }: { data: WorkbenchSummary | null }) {
  const groups = new Map<string, WorkbenchCount[]>();
  for (const t of data?.todos ?? []) groups.set(t.group, [...(groups.get(t.group) ?? []), t]);
  return (
    <Card data-testid="workbench-todos">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          我的待办
        </Typography>
        {data === null ? (
          <ListLoading />
        ) : groups.size === 0 ? (
          <Typography color="text.secondary">暂无待办事项</Typography>
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3 }}>
            {[...groups].map(([group, todos]) => (
              <Box key={group} component="section" aria-label={group}>
                <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
                  {group}
                </Typography>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
                  {todos.map((t) => (
                    <TodoCard key={t.key} todo={t} />
                  ))}
                </Box>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function ActivityList({ title, items, testId }: { title: string; items: readonly WorkbenchActivity[]; testId: string }) {
  return (
    <Card sx={{ flex: '1 1 420px', minWidth: 0 }} data-testid={testId}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {items.length === 0 ? (
          <Typography color="text.secondary">暂无记录</Typography>
        ) : (
          <List dense disablePadding>
            {items.map((a, i) => (
              <ListItem key={`${a.time}-${i}`} disableGutters secondaryAction={<Typography variant="caption" color="text.secondary">{a.time.slice(0, 16)}</Typography>}>
                <ListItemText
                  primary={a.link ? <Link to={a.link}>{a.text}</Link> : a.text}
                  slotProps={{ primary: { noWrap: true, title: a.text, sx: { pr: 16 } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}

/** 最近动态: recently changed articles (or my submissions) and my own recent operations. */
export function RecentPanel({ data, articlesTitle }: { data: WorkbenchSummary | null; articlesTitle: string }) {
  if (data === null) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
      <ActivityList title={articlesTitle} items={data.recentArticles} testId="recent-articles" />
      <ActivityList title="我的最近操作" items={data.myOperations} testId="my-operations" />
    </Box>
  );
}
