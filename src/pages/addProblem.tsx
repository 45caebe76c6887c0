import surveyDecl from '../../resources/survey';
import { formPageAt } from '../generic/FormPage';

/** 新建问卷 (/main/interact/addProblem; `?id=` edits one): 问卷调查's generic form, as its «新建问卷» opens. */
export default formPageAt(surveyDecl, '/main/interact/addProblem');
