import { lazy, Suspense } from 'react';
import { ListLoading } from '../generic/GenericList';
import type { PageDecl } from '../pages';

const ApplyDetail = lazy(() => import('../views/apply/ApplyDetail'));

function ApplyPerson() {
  return (
    <Suspense fallback={<ListLoading />}>
      <ApplyDetail />
    </Suspense>
  );
}

/** 个人申请详情 (/main/interact/applyPerson?id=): one disclosure request with its handling actions. */
const page: PageDecl = { path: '/main/interact/applyPerson', component: ApplyPerson };
export default page;
