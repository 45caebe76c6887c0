import type { LinkDecl } from '../../resources/relations/links';
import { RecordChoices, useRecordChoices } from './RecordChoices';

const idsOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

/**
 * A declared many-to-many link outside a react-admin form (the tree view's right pane, 栏目's 授权角色):
 * the same multiple choice as LinksInput, its value the array of linked ids the save sends. Read-only
 * (no update key) it shows the choice and ignores changes; the server refuses anyway.
 */
export function PlainLinkInput({ link, value, disabled, onChange }: { link: LinkDecl; value: unknown; disabled: boolean; onChange: (ids: number[]) => void }) {
  const { options, isPending, failed } = useRecordChoices(link.entity);
  return (
    <RecordChoices
      options={options}
      isPending={isPending}
      selected={idsOf(value)}
      onChange={(ids) => !disabled && onChange(ids.map(Number))}
      label={link.label}
      helperText={failed ? `无法加载${link.label}列表` : `选择${link.label}`}
    />
  );
}
