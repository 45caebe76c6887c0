import { useEffect, useState } from 'react';
import { SelectInput, TextInput, useDataProvider, type Validator } from 'react-admin';
import type { FieldDecl } from '../../resources/types';
import type { ChoicesFrom } from '../../resources/shape/fields';
import type { PortalDataProvider } from '../../providers';
import { callChoices, type Choice } from './callChoices';

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

/** A select whose choices a call answers (`field.choicesFrom`); a text box until, or unless, they arrive. */
export function CallChoicesInput({ field, from, ...common }: Common & { field?: FieldDecl; from?: ChoicesFrom }) {
  const choices = useCallChoices((from ?? field?.choicesFrom)!);
  return choices ? <SelectInput {...common} choices={choices} emptyText={common.emptyText ?? '请选择'} /> : <TextInput {...common} />;
}
