import { lazy, Suspense } from 'react';
import { ListLoading } from '../generic/GenericList';

const ApplyDetail = lazy(() => import('./apply/ApplyDetail'));

function ApplyShow() {
  return (
    <Suspense fallback={<ListLoading />}>
      <ApplyDetail />
    </Suspense>
  );
}

/** 依申请公开: the generic list and form from the declaration; «查看» opens the detail with the handling actions. */
export default { show: ApplyShow };
