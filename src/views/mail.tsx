import { useParams } from 'react-router-dom';
import type { ResourceViews } from '../generic/resourceViews';
import { MailEditor } from './mail/MailEditor';
import { MailLists } from './mail/MailLists';

function MailShow() {
  const { id } = useParams();
  const n = Number(id);
  return <MailEditor id={Number.isSafeInteger(n) && n > 0 ? n : null} />;
}

/** 领导信箱: the lists and counts screen, and the letter detail as the show view (docs/interaction-mail.md). */
const views: ResourceViews = { list: MailLists, show: MailShow };
export default views;
