import { lazy, Suspense } from 'react';
import { ListLoading } from '../generic/GenericList';
import type { PageDecl } from '../pages';

const SurveyEditor = lazy(() => import('../views/survey/SurveyEditor'));

function AddProblem() {
  return (
    <Suspense fallback={<ListLoading />}>
      <SurveyEditor />
    </Suspense>
  );
}

/** 新建问卷 (/main/interact/addProblem; `?id=` edits one): the same editor as 问卷调查's «新建问卷». */
const page: PageDecl = { path: '/main/interact/addProblem', component: AddProblem };
export default page;
