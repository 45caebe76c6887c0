import { Navigate, useLocation } from 'react-router';
import surveyDecl from '../../resources/survey';
import type { PageDecl } from '../pages';
import { resourceRoute } from '../routes/resourceRoute';

/** 新建问卷 (/main/interact/addProblem; `?id=` edits one): 问卷调查's generic create or edit form. */
function AddProblem() {
  const id = new URLSearchParams(useLocation().search).get('id');
  const base = `/${resourceRoute(surveyDecl)}`;
  return <Navigate to={id ? `${base}/${encodeURIComponent(id)}` : `${base}/create`} replace />;
}

const page: PageDecl = { path: '/main/interact/addProblem', component: AddProblem };
export default page;
