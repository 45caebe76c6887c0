import Alert from '@mui/material/Alert';
import { ResourceContextProvider } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { ResourceDecl } from '../../resources/types';
import type { PageDecl } from '../pages';
import { GenericShow } from './GenericForm';

/**
 * A spec route that shows one record by `?id=` (信件详情 `LeaderMailbox/mailBoxEditor?id=`, 申请详情
 * `applyPerson?id=`): the declaration's generic show view, with its actions and panels.
 */
export function showPageAt(decl: ResourceDecl, path: string): PageDecl {
  function ShowPage() {
    const [params] = useSearchParams();
    const n = Number(params.get('id'));
    if (!Number.isSafeInteger(n) || n <= 0) return <Alert severity="warning">无效的id-key</Alert>;
    return (
      <ResourceContextProvider value={decl.name}>
        <GenericShow decl={decl} id={n} />
      </ResourceContextProvider>
    );
  }
  return { path, component: ShowPage };
}
