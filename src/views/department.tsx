import { lazy, Suspense } from 'react';
import { Loading } from './org/common';

// The tree screen pulls in @mui/x-tree-view: loaded only when the page opens.
const DepartmentScreen = lazy(() => import('./org/DepartmentScreen'));

function DepartmentList() {
  return (
    <Suspense fallback={<Loading />}>
      <DepartmentScreen />
    </Suspense>
  );
}

/** 部门管理 (/main/system/department): tree and details in one screen; see docs/system-org.md. */
export default { list: DepartmentList };
