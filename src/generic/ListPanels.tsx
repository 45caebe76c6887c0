import Box from '@mui/material/Box';
import type { ComponentType } from 'react';
import type { ResourceDecl } from '../../resources/types';

/** Panels a declaration names in `listPanels`: `src/panels/<name>.tsx`, default-exporting a component. */
const panelModules = import.meta.glob<{ default: ComponentType<{ decl: ResourceDecl }> }>('../panels/*.tsx', { eager: true });
const panels: Readonly<Record<string, ComponentType<{ decl: ResourceDecl }>>> = Object.fromEntries(
  Object.entries(panelModules).map(([path, mod]) => [path.replace(/^.*\/(.+)\.tsx$/, '$1'), mod.default]),
);

export function panelNames(): string[] {
  return Object.keys(panels);
}

/** The declared panels under a generic list, in the declared order; an unknown name shows nothing. */
export function ListPanels({ decl }: { decl: ResourceDecl }) {
  const named = (decl.listPanels ?? []).map((name) => ({ name, Panel: panels[name] })).filter((p) => p.Panel);
  if (named.length === 0) return null;
  return (
    <Box>
      {named.map(({ name, Panel }) => Panel && <Panel key={name} decl={decl} />)}
    </Box>
  );
}
