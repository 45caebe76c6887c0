import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { CanAccess, Link, Title, useGetIdentity } from 'react-admin';
import type { ResourceDecl } from '../../resources/types';
import { iconFor } from '../layout/icons';
import { resourceRoute } from '../routes/resourceRoute';

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

/** Admin home «首页»: welcome card and quick links to the resources the user may list. */
export function AdminHome({ resources, appTitle }: { resources: readonly ResourceDecl[]; appTitle: string }) {
  return (
    <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Title title="首页" />
      <WelcomeCard appTitle={appTitle} />
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            快捷入口
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }} data-testid="quick-links">
            {resources.map((decl) => {
              const Icon = iconFor(decl.icon);
              return (
                <CanAccess key={decl.name} resource={decl.name} action="list">
                  <Button component={Link} to={`/${resourceRoute(decl)}`} variant="outlined" startIcon={<Icon />}>
                    {decl.label}
                  </Button>
                </CanAccess>
              );
            })}
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}

/** Reporting home «工作台»: the welcome card; the reporting screens come with a later issue. */
export function ReportHome({ appTitle }: { appTitle: string }) {
  return (
    <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Title title="工作台" />
      <WelcomeCard appTitle={appTitle} />
    </Box>
  );
}
