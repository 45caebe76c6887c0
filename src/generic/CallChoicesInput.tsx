import { useEffect, useState } from 'react';
import { SelectInput, TextInput, useDataProvider, type Validator } from 'react-admin';
import type { FieldDecl } from '../../resources/types';
import type { PortalDataProvider } from '../../providers';

type Common = { source: string; label: string; validate: Validator[]; helperText: string | false; defaultValue?: string | number };

/** A select whose choices a call answers (`field.choicesFrom`); a text box until, or unless, they arrive. */
export function CallChoicesInput({ field, ...common }: Common & { field: FieldDecl }) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const from = field.choicesFrom!;
  const [choices, setChoices] = useState<{ id: string; name: string }[] | null>(null);
  useEffect(() => {
    let live = true;
    dataProvider.call<Record<string, unknown>[]>({ path: from.path, method: from.method }).then(
      (items) => live && Array.isArray(items) && setChoices(items.map((i) => ({ id: String(i[from.value]), name: String(i[from.label ?? from.value]) }))),
      () => undefined, // no permission for the call: the text box stays
    );
    return () => {
      live = false;
    };
  }, [dataProvider, from.path, from.method, from.value, from.label]);
  return choices ? <SelectInput {...common} choices={choices} /> : <TextInput {...common} />;
}
