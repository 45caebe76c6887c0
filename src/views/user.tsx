import { lazy, Suspense } from 'react';
import { Loading } from './org/common';

const UserScreen = lazy(() => import('./org/UserScreen'));

function UserList() {
  return (
    <Suspense fallback={<Loading />}>
      <UserScreen />
    </Suspense>
  );
}

/** 用户管理 (/main/system/user): department tree filter, paged users, dialogs; see docs/system-org.md. */
export default { list: UserList };
