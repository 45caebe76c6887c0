import type { PageDecl } from '../pages';
import { mayOpenPage } from './access';
import { RequireAccess } from './AccessDenied';

/** A page route opens only when one of the user's menu entries has its url (checked before any call). */
export function PageGuard({ page }: { page: PageDecl }) {
  return (
    <RequireAccess allowed={mayOpenPage(page.path)}>
      <page.component />
    </RequireAccess>
  );
}
