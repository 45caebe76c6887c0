import Box from '@mui/material/Box';
import type { ComponentType } from 'react';
import type { PanelRef, ResourceDecl } from '../../resources/types';
import { RecordsPanel } from './RecordsPanel';

/** Panels a declaration names (`listPanels`, `showPanels`): `src/panels/<name>.tsx`, default-exporting a component. */
const panelModules = import.meta.glob<{ default: ComponentType<{ decl: ResourceDecl }> }>('../panels/*.tsx', { eager: true });
const panels: Readonly<Record<string, ComponentType<{ decl: ResourceDecl }>>> = Object.fromEntries(
  Object.entries(panelModules).map(([path, mod]) => [path.replace(/^.*\/(.+)\.tsx$/, '$1'), mod.default]),
);

export function panelNames(): string[] {
  return Object.keys(panels);
}

const placeOf = (ref: PanelRef) => (typeof ref === 'string' ? 'below' : ref.place);
const nameOf = (ref: PanelRef) => (typeof ref === 'string' ? ref : ref.name);

/** The declared list panels of one place, in order. */
export function listPanelsAt(decl: ResourceDecl, place: 'above' | 'below'): string[] {
  return (decl.listPanels ?? []).filter((ref) => placeOf(ref) === place).map(nameOf);
}

/** The named panels, in the given order; an unknown name shows nothing. */
export function Panels({ decl, names }: { decl: ResourceDecl; names: readonly string[] }) {
  const named = names.map((name) => ({ name, Panel: panels[name] })).filter((p) => p.Panel);
  if (named.length === 0) return null;
  return <Box>{named.map(({ name, Panel }) => Panel && <Panel key={name} decl={decl} />)}</Box>;
}

/** The declared panels under a generic list, then its tables of a module's records (`listRecords`). */
export function ListPanels({ decl }: { decl: ResourceDecl }) {
  return (
    <>
      <Panels decl={decl} names={listPanelsAt(decl, 'below')} />
      {decl.listRecords?.map((panel) => <RecordsPanel key={panel.label} decl={decl} panel={panel} />)}
    </>
  );
}

/**
 * A panel an action opens (`action.dialog`): it renders its own dialog with the record in context and
 * closes with `onClose`. Clicks inside stay here (a list row's click opens the record).
 */
export function DialogPanel({ name, decl, onClose }: { name: string; decl: ResourceDecl; onClose: () => void }) {
  const Panel = panels[name] as ComponentType<{ decl: ResourceDecl; onClose: () => void }> | undefined;
  if (!Panel) return null;
  return (
    <span onClick={(e) => e.stopPropagation()}>
      <Panel decl={decl} onClose={onClose} />
    </span>
  );
}
