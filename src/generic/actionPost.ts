import { useState } from 'react';
import { actionCall } from '../../resources/declaredCalls';
import type { ResourceDecl } from '../../resources/types';
import { dataProvider } from '../data';
import { useSuccessNotifier } from '../notices/useErrorNotifier';

/**
 * How the relation dialogs (LinkPickDialog, LinkTreeDialog, MembersDialog) save: post a declared action's call,
 * show its passing message, then `after` (close the dialog, reload its table); a refusal is shown by the http
 * client and the dialog stays. `busy` is true while a post is under way.
 */
export function useActionPost() {
  const success = useSuccessNotifier();
  const [busy, setBusy] = useState(false);
  const post = async (decl: ResourceDecl, action: string, body: Record<string, unknown>, done: { message: string; after: () => void; required?: string[] }) => {
    setBusy(true);
    try {
      await dataProvider.call(actionCall(decl, action), { body, ...(done.required ? { required: done.required } : {}) });
      success(done.message);
      done.after();
    } catch {
      /* shown by the http client */
    } finally {
      setBusy(false);
    }
  };
  return { post, busy };
}
