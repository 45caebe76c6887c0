import { lazy, Suspense } from 'react';
import { ListLoading } from '../generic/GenericList';

const ApplyDetail = lazy(() => import('./apply/ApplyDetail'));
const ApplyList = lazy(() => import('./apply/ApplyList'));

function ApplyShow() {
  return (
    <Suspense fallback={<ListLoading />}>
      <ApplyDetail />
    </Suspense>
  );
}

function ApplyListView() {
  return (
    <Suspense fallback={<ListLoading />}>
      <ApplyList />
    </Suspense>
  );
}

/**
 * 依申请公开: the list with the deadline, the overdue column and filter, the overview counts and the Excel
 * export (rows open /main/interact/applyPerson?id=); the generic form registers a request received at the
 * counter; «查看» (show) is the same detail with the handling actions.
 */
export default { list: ApplyListView, show: ApplyShow };
