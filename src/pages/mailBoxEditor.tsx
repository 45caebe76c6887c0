import mailDecl from '../../resources/mail';
import { showPageAt } from '../generic/ShowPage';

/** 信件详情 at the spec's route LeaderMailbox/mailBoxEditor (?id=…): the letter's generic show view. */
export default showPageAt(mailDecl, '/main/interact/LeaderMailbox/mailBoxEditor');
