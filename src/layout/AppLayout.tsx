import Box from '@mui/material/Box';
import { memo, type ReactNode } from 'react';
import { titleCutCells } from '../components/list/fit';
import { Layout } from 'react-admin';
import { useAppInfo } from './AppInfo';
import { Breadcrumbs } from './Breadcrumbs';
import { PortalAppBar } from './PortalAppBar';
import { PortalMenu } from './PortalMenu';
import { PasswordExpiryGuard } from '../security/PasswordExpiryGuard';

// Memoised: react-admin re-renders the layout several times while the shell starts (routes, resources,
// permissions); the menu (its 60-odd links) need not follow each time (docs/performance.md).
const AppMenu = memo(function AppMenu() {
  const { homeLabel } = useAppInfo();
  return <PortalMenu homeLabel={homeLabel} />;
});

export function AppLayout({ children }: { children?: ReactNode }) {
  return (
    <Layout appBar={PortalAppBar} menu={AppMenu}>
      <Breadcrumbs />
      <Box onMouseOver={titleCutCells} sx={{ minWidth: 0 }}>
        {/* Until a forced password change is done, no screen is rendered (and none calls the server). */}
        <PasswordExpiryGuard>{children}</PasswordExpiryGuard>
      </Box>
    </Layout>
  );
}
