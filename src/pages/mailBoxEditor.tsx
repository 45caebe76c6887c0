import Alert from '@mui/material/Alert';
import { ResourceContextProvider } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import mailDecl from '../../resources/mail';
import { GenericShow } from '../generic/GenericForm';
import type { PageDecl } from '../pages';

/** 信件详情 at the spec's route LeaderMailbox/mailBoxEditor (?id=…): the letter's generic show view. */
function MailBoxEditorPage() {
  const [params] = useSearchParams();
  const n = Number(params.get('id'));
  if (!Number.isSafeInteger(n) || n <= 0) return <Alert severity="warning">无效的id-key</Alert>;
  return (
    <ResourceContextProvider value={mailDecl.name}>
      <GenericShow decl={mailDecl} id={n} />
    </ResourceContextProvider>
  );
}

const page: PageDecl = { path: '/main/interact/LeaderMailbox/mailBoxEditor', component: MailBoxEditorPage };
export default page;
