import { ThemeProvider, createTheme } from '@mui/material/styles';
import { memo, useMemo } from 'react';
import { Admin, CustomRoutes, Notification } from 'react-admin';
import { portalStore } from './layout/portalStore';
import type { AppKey } from '../providers/types';
import { AdminHome, ReportHome } from './dashboard/Dashboards';
import { resourceElements } from './generic/resourceViews';
import { i18nProvider } from './i18n/i18nProvider';
import { AppInfoContext, appInfoFor, useAppInfo } from './layout/AppInfo';
import { useServerAppName } from './layout/appName';
import { AppLayout } from './layout/AppLayout';
import { AdminLoginPage } from './login/AdminLoginPage';
import { NoticeBridge } from './notices/NoticeBridge';
import { SUCCESS_TOAST_MS } from './notices/useErrorNotifier';
import { dataProvider } from './data';
import { authProvider } from './portal';
import { resourcesFor } from './resources';
import { appRouteElements } from './routes/appRoutes';
import { AccessDenied } from './security/AccessDenied';
import { shellQueryClient } from './shellQueryClient';
import { adminTheme } from './theme';

/** react-admin's own messages (successes of saves and deletes) at the top centre, 3 s unless said otherwise. */
function PortalNotification() {
  return <Notification anchorOrigin={{ vertical: 'top', horizontal: 'center' }} autoHideDuration={SUCCESS_TOAST_MS} />;
}

const noticeTheme = createTheme(adminTheme);

function AdminHomeTitled() {
  return <AdminHome appTitle={useAppInfo().title} />;
}

function ReportHomeTitled() {
  return <ReportHome appTitle={useAppInfo().title} />;
}

/**
 * One of the two apps (admin or reporting): its own <Admin> with hash routing (login at #/login under
 * /admin/ or /report/), its resources, menu, dashboard and login page. Loaded lazily by main.tsx.
 */
export default function AdminShell({ appKey }: { appKey: AppKey }) {
  // The title bar follows 应用信息's 系统名称 once the server answered (the spec's title until then).
  const appName = useServerAppName(appKey);
  const info = useMemo(() => ({ ...appInfoFor(appKey), ...(appName ? { title: appName } : {}) }), [appKey, appName]);
  const declared = useMemo(() => resourcesFor(appKey), [appKey]);
  const queryClient = useMemo(() => shellQueryClient(), []);
  // The same elements on every render: react-admin re-reads its children (and re-registers) when they change.
  const resourceRoutes = useMemo(() => resourceElements(declared), [declared]);
  const customRoutes = useMemo(() => appRouteElements(appKey, declared), [appKey, declared]);
  // Memoised: the home need not render again in react-admin's start-up passes (same permissions). The
  // title comes from the context, so its arrival does not make a new (remounted) dashboard component.
  const Dashboard = useMemo(() => memo(appKey === 'reportSite' ? ReportHomeTitled : AdminHomeTitled), [appKey]);
  return (
    <AppInfoContext.Provider value={info}>
      <Admin
        title={info.title}
        dataProvider={dataProvider}
        queryClient={queryClient}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        theme={adminTheme}
        darkTheme={null}
        layout={AppLayout}
        loginPage={AdminLoginPage}
        dashboard={Dashboard}
        notification={PortalNotification}
        store={portalStore(`portal-${appKey}`)}
        requireAuth
        accessDenied={AccessDenied}
        disableTelemetry
      >
        {resourceRoutes}
        {/* The spec's routes (docs/routes.md): pages, resources at their spec routes, home and shell routes. */}
        <CustomRoutes>
          {customRoutes}
        </CustomRoutes>
      </Admin>
      <ThemeProvider theme={noticeTheme}>
        <NoticeBridge />
      </ThemeProvider>
    </AppInfoContext.Provider>
  );
}
