import applyDecl from '../../resources/apply';
import { showPageAt } from '../generic/ShowPage';

/** 个人申请详情 (/main/interact/applyPerson?id=): one disclosure request with its handling actions, the generic show view. */
export default showPageAt(applyDecl, '/main/interact/applyPerson');
