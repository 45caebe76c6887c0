import { lazy, Suspense } from 'react';
import { Loading } from './org/common';

const RoleScreen = lazy(() => import('./org/RoleScreen'));

function RoleList() {
  return (
    <Suspense fallback={<Loading />}>
      <RoleScreen />
    </Suspense>
  );
}

/** 角色管理 (/main/system/role): roles, grants, data permission, members; see docs/system-org.md. */
export default { list: RoleList };
