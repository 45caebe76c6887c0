import Button from '@mui/material/Button';
import { useCanAccess, useRecordContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { inState } from '../../resources/behaviour';
import type { ResourceDecl, RowLinkDecl } from '../../resources/types';

/** The route of a row link for a record: each `{field}` replaced by the record's value, encoded. */
export function rowLinkPath(to: string, record: Readonly<Record<string, unknown>>): string {
  return to.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(record[name] ?? '')));
}

function RowLink({ decl, link }: { decl: ResourceDecl; link: RowLinkDecl }) {
  const record = useRecordContext();
  const navigate = useNavigate();
  const { canAccess } = useCanAccess({ resource: decl.name, action: link.permission ?? 'list' });
  if (!record || !canAccess || !inState(record, link.shownWhen)) return null;
  return (
    <Button
      size="small"
      onClick={(e) => {
        e.stopPropagation();
        navigate(rowLinkPath(link.to, record));
      }}
    >
      {link.label}
    </Button>
  );
}

/** The declared row links of a list (`list.rowLinks`), before the row's other buttons. */
export function RowLinks({ decl }: { decl: ResourceDecl }) {
  return (
    <>
      {(decl.list.rowLinks ?? []).map((link) => (
        <RowLink key={link.label} decl={decl} link={link} />
      ))}
    </>
  );
}
