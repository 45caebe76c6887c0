import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { FieldDecl, ResourceDecl } from '../../resources/types';
import type { PortalDataProviderExtras } from '../../providers/types';
import { fieldsFromAnswer, fieldsFromQuery, fieldsFromTitle } from './fieldsFrom';
import { renderInput } from './inputs';

/**
 * The form fields a call answers for the values of other fields (`formFieldsFrom`: 文章's content-model
 * fields of the chosen column), asked again whenever those values change; nothing while one is blank.
 */
export function FieldsFromInput({ decl }: { decl: ResourceDecl }) {
  const from = decl.formFieldsFrom!;
  const dataProvider = useDataProvider() as unknown as PortalDataProviderExtras;
  const watched = useWatch({ name: Object.values(from.params) }) as unknown[];
  const values = Object.fromEntries(Object.values(from.params).map((f, i) => [f, watched[i]]));
  const query = fieldsFromQuery(from, values);
  const asked = query ? JSON.stringify(query) : '';
  const [state, setState] = useState<{ asked: string; title: string; fields: FieldDecl[] } | null>(null);
  useEffect(() => {
    if (!asked) return;
    let live = true;
    dataProvider.callExtra<unknown>(decl.name, from.call, { query: JSON.parse(asked) as Record<string, string | number>, silent: true }).then(
      (answer) => live && setState({ asked, title: fieldsFromTitle(answer, from), fields: fieldsFromAnswer(answer, from) }),
      () => live && setState({ asked, title: '', fields: [] }),
    );
    return () => {
      live = false;
    };
  }, [dataProvider, decl.name, from, asked]);
  if (!state || state.asked !== asked || state.fields.length === 0) return null;
  return (
    <Box sx={{ width: '100%', border: '1px solid', borderColor: 'divider', borderRadius: 1, p: 2, mb: 2 }} data-testid="fields-from">
      {state.title && (
        <Typography variant="subtitle2" gutterBottom>
          {state.title}
        </Typography>
      )}
      {state.fields.map((f) => renderInput(f, decl))}
    </Box>
  );
}
