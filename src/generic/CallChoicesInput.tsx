import { useEffect, useState } from 'react';
import { SelectInput, TextInput, useDataProvider, type Validator } from 'react-admin';
import type { FieldDecl } from '../../resources/types';
import type { PortalDataProvider } from '../../providers';

type Common = { source: string; label: string; validate: Validator[]; helperText: string | false; defaultValue?: string | number };

/** One choice: an item's `value` and `label` keys, or a plain string as both. */
function choiceOf(item: unknown, value: string | undefined, label: string | undefined): { id: string; name: string } {
  if (!value || typeof item !== 'object' || item === null) return { id: String(item), name: String(item) };
  const record = item as Record<string, unknown>;
  return { id: String(record[value]), name: String(record[label ?? value]) };
}

/** The choices a call answers (`field.choicesFrom`): null until, or unless, they arrive (no permission). */
export function useCallChoices(from: NonNullable<FieldDecl['choicesFrom']>): { id: string; name: string }[] | null {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [choices, setChoices] = useState<{ id: string; name: string }[] | null>(null);
  useEffect(() => {
    let live = true;
    dataProvider.call<unknown[]>({ path: from.path, method: from.method }).then(
      (items) => live && Array.isArray(items) && setChoices(items.map((i) => choiceOf(i, from.value, from.label))),
      () => undefined, // no permission for the call: the text box stays
    );
    return () => {
      live = false;
    };
  }, [dataProvider, from.path, from.method, from.value, from.label]);
  return choices;
}

/** A select whose choices a call answers (`field.choicesFrom`); a text box until, or unless, they arrive. */
export function CallChoicesInput({ field, ...common }: Common & { field: FieldDecl }) {
  const choices = useCallChoices(field.choicesFrom!);
  return choices ? <SelectInput {...common} choices={choices} /> : <TextInput {...common} />;
}
