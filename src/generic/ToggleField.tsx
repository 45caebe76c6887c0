import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { useCanAccess, useRecordContext, useRefresh } from 'react-admin';
import { crudCall } from '../../resources/declaredCalls';
import type { FieldDecl, FieldToggleDecl, ResourceDecl } from '../../resources/types';
import { dataProvider } from '../data';
import { useSuccessNotifier } from '../notices/useErrorNotifier';
import { enumLabel } from './fields';
import { answerText } from './ActionInputDialog';

/**
 * A declared 0/1 field as a switch in the list (`toggle`): switching saves `{ id, <field> }` through the
 * update call at once and reloads the list; without the update key the option's label is shown.
 */
export function ToggleField({ decl, source, field, toggle }: { decl: ResourceDecl; source: string; label?: string; field: FieldDecl; toggle: FieldToggleDecl }) {
  const record = useRecordContext();
  const refresh = useRefresh();
  const success = useSuccessNotifier();
  const { canAccess } = useCanAccess({ resource: decl.name, action: 'edit' });
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const on = Number(record[source]) === 1;
  if (!canAccess || !decl.api.update) return <>{enumLabel(field.options, record[source])}</>;
  const flip = async () => {
    setBusy(true);
    try {
      await dataProvider.call(crudCall(decl, 'update'), { body: { [decl.idField]: record.id, [source]: on ? 0 : 1 } });
      success(on ? toggle.off : toggle.on);
      refresh();
    } catch {
      /* the http client showed the message */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Switch
      size="small"
      checked={on}
      disabled={busy}
      onClick={(e) => e.stopPropagation()}
      onChange={() => void flip()}
      slotProps={{ input: { 'aria-label': answerText(toggle.ariaLabel, record) } }}
    />
  );
}
