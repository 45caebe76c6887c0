import { useEffect, useState } from 'react';
import { SelectInput, TextInput, useDataProvider, type Validator } from 'react-admin';
import type { FieldDecl } from '../../resources/types';
import type { ChoicesFrom } from '../../resources/shape/fields';
import type { PortalDataProvider } from '../../providers';
import { callChoices, type Choice } from './callChoices';
import { SearchChoicesInput } from './SearchChoicesInput';

type Common = { source: string; label: string; validate?: Validator[]; helperText?: string | false; defaultValue?: string | number; alwaysOn?: boolean; emptyText?: string };

/** The choices a call answers (`choicesFrom`): null until, or unless, they arrive (no permission). */
export function useCallChoices(from: ChoicesFrom): Choice[] | null {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [choices, setChoices] = useState<Choice[] | null>(null);
  const key = JSON.stringify(from);
  useEffect(() => {
    let live = true;
    const described = JSON.parse(key) as ChoicesFrom;
    dataProvider.call<unknown[]>({ path: described.path, method: described.method }, { silent: true }).then(
      (items) => live && Array.isArray(items) && setChoices(callChoices(items, described)),
      () => undefined, // no permission for the call: the text box stays
    );
    return () => {
      live = false;
    };
  }, [dataProvider, key]);
  return choices;
}

/** A select (or, with `search`, a box to type in) whose choices a call answers (`field.choicesFrom`); a text box until, or unless, they arrive. */
export function CallChoicesInput({ field, from, ...common }: Common & { field?: FieldDecl; from?: ChoicesFrom }) {
  const described = (from ?? field?.choicesFrom)!;
  const choices = useCallChoices(described);
  if (choices && described.search) return <SearchChoicesInput choices={choices} source={common.source} label={common.label} validate={common.validate} helperText={common.helperText} />;
  return choices ? <SelectInput {...common} choices={choices} emptyText={common.emptyText ?? '请选择'} /> : <TextInput {...common} />;
}
