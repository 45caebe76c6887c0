import { useSearchParams } from 'react-router-dom';
import type { PageDecl } from '../pages';
import { MailEditor } from '../views/mail/MailEditor';

function MailBoxEditorPage() {
  const [params] = useSearchParams();
  const n = Number(params.get('id'));
  return <MailEditor id={Number.isSafeInteger(n) && n > 0 ? n : null} />;
}

/** 信件详情 at the spec's route LeaderMailbox/mailBoxEditor (?id=…). */
const page: PageDecl = { path: '/main/interact/LeaderMailbox/mailBoxEditor', component: MailBoxEditorPage };
export default page;
