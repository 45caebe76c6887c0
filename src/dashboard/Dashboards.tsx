import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Title, useGetIdentity } from 'react-admin';
import { QuickLinks } from './QuickLinks';
import { WhenIdle } from './WhenIdle';
import { RecentPanel, TodoPanel, useWorkbench } from './Workbench';

function WelcomeCard({ appTitle }: { appTitle: string }) {
  const { identity, isPending } = useGetIdentity();
  const dept = (identity as { deptName?: string | null } | undefined)?.deptName;
  return (
    <Card data-testid="welcome-card">
      <CardContent>
        <Typography variant="h5" component="h2" gutterBottom>
          {isPending ? '欢迎' : `欢迎，${identity?.fullName ?? ''}`}
        </Typography>
        <Typography variant="body1" color="text.secondary">
          {dept ? `所属部门：${dept}` : '所属部门：未设置'}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          您正在使用{appTitle}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** Admin home «首页»: the workbench — my to-dos with counts, recent activity, quick links by area. */
export function AdminHome({ appTitle }: { appTitle: string }) {
  const data = useWorkbench();
  return (
    <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Title title="首页" />
      <WelcomeCard appTitle={appTitle} />
      <TodoPanel data={data} />
      <RecentPanel data={data} articlesTitle="最近更新的文章" />
      {/* Below the fold at 1366×768: after the first paint (docs/performance.md). */}
      <WhenIdle>
        <QuickLinks />
      </WhenIdle>
    </Box>
  );
}

/** Reporting home «工作台»: my submissions by state, those returned to me, the review queue, recent ones. */
export function ReportHome({ appTitle }: { appTitle: string }) {
  const data = useWorkbench();
  return (
    <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Title title="工作台" />
      <WelcomeCard appTitle={appTitle} />
      <TodoPanel data={data} />
      <RecentPanel data={data} articlesTitle="我最近的报送" />
      {/* Below the fold at 1366×768: after the first paint (docs/performance.md). */}
      <WhenIdle>
        <QuickLinks />
      </WhenIdle>
    </Box>
  );
}
