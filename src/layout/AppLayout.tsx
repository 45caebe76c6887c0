import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { useAppInfo } from './AppInfo';
import { PortalAppBar } from './PortalAppBar';
import { PortalMenu } from './PortalMenu';
import { PasswordExpiryGuard } from '../security/PasswordExpiryGuard';

function AppMenu() {
  const { homeLabel } = useAppInfo();
  return <PortalMenu homeLabel={homeLabel} />;
}

export function AppLayout({ children }: { children?: ReactNode }) {
  return (
    <Layout appBar={PortalAppBar} menu={AppMenu}>
      {children}
      <PasswordExpiryGuard />
    </Layout>
  );
}
