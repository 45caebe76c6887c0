import type { ResourceDecl } from '../resources/types';

/**
 * Every declaration under resources/ (one file per entity), loaded at build time. Adding a file there adds
 * the entity to the apps: its views (src/generic/), its data-provider paths and its translations.
 */
const modules = import.meta.glob<{ default?: ResourceDecl }>(
  ['../resources/*.ts', '!../resources/types.ts', '!../resources/define.ts', '!../resources/behaviour.ts'],
  { eager: true },
);

function isDecl(value: unknown): value is ResourceDecl {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as ResourceDecl).name === 'string' &&
    typeof (value as ResourceDecl).api === 'object' &&
    Array.isArray((value as ResourceDecl).fields)
  );
}

export const resources: readonly ResourceDecl[] = Object.entries(modules)
  .filter(([path]) => !/\/(types|define|behaviour)\.ts$/.test(path))
  .map(([, mod]) => mod.default)
  .filter(isDecl)
  .sort((a, b) => a.menu.sort - b.menu.sort || a.name.localeCompare(b.name));

const byName = new Map(resources.map((decl) => [decl.name, decl]));

export function getResource(name: string): ResourceDecl | undefined {
  return byName.get(name);
}

/** Declarations whose menu belongs to the given app (the admin app unless `menu.app` says reportSite). */
export function resourcesFor(appKey: 'adminSite' | 'reportSite'): readonly ResourceDecl[] {
  return resources.filter((decl) => (decl.menu.app ?? 'adminSite') === appKey);
}
