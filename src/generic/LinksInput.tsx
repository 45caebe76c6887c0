import { useInput } from 'react-admin';
import type { LinkDecl } from '../../resources/relations/links';
import type { ResourceDecl } from '../../resources/types';
import { RecordChoices, useRecordChoices } from './RecordChoices';

const idsOf = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0) : []);

/**
 * A declared many-to-many link in the generic form (用户's 角色): a multiple choice of the linked entity's
 * records by their titleField, sent as the array of ids the server replaces the links with
 * (server/crud/links.ts). When they cannot be listed (no permission) the chosen ids still show.
 */
export function LinksInput({ link }: { link: LinkDecl }) {
  const { field } = useInput({ source: link.name });
  const { options, isPending, failed } = useRecordChoices(link.entity);
  return (
    <RecordChoices
      options={options}
      isPending={isPending}
      selected={idsOf(field.value).map(String)}
      onChange={(ids) => field.onChange(ids.map(Number))}
      label={link.label}
      helperText={failed ? `无法加载${link.label}列表` : `选择${link.label}`}
    />
  );
}

/** The links a declaration's `form` names (as it names fields), in that order. */
export function formLinks(decl: ResourceDecl): LinkDecl[] {
  return (decl.form ?? []).map((name) => decl.links?.find((l) => l.name === name)).filter((l) => l !== undefined);
}
