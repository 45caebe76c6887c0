import { ResourceContextProvider } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { ResourceDecl } from '../../resources/types';
import type { PageDecl } from '../pages';
import { GenericCreate, GenericEdit } from './GenericForm';

/**
 * A spec route that is the declaration's form (新建问卷 `/main/interact/addProblem`): the generic create
 * form, or with `?id=` the generic edit form of that record; saving goes back to the list as usual.
 */
export function formPageAt(decl: ResourceDecl, path: string): PageDecl {
  function FormPage() {
    const [params] = useSearchParams();
    const n = Number(params.get('id'));
    const id = Number.isSafeInteger(n) && n > 0 ? n : undefined;
    return (
      <ResourceContextProvider value={decl.name}>{id ? <GenericEdit key={id} decl={decl} id={id} /> : <GenericCreate decl={decl} />}</ResourceContextProvider>
    );
  }
  return { path, component: FormPage };
}
