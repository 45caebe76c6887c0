import type { SvgIconComponent } from '@mui/icons-material';
import ListAltIcon from '@mui/icons-material/ListAlt';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { lazy, Suspense, type ComponentType } from 'react';

/**
 * Every @mui/icons-material icon (the filled set; the Outlined/Rounded/Sharp/TwoTone variants are left
 * out), each its own small chunk loaded the first time a declaration or a menu entry names it: any icon
 * name works without a hand-kept list, and the whole set (megabytes) is never downloaded.
 */
const loaders = import.meta.glob<{ default: SvgIconComponent }>([
  '/node_modules/@mui/icons-material/esm/*.js',
  '!/node_modules/@mui/icons-material/esm/*Outlined.js',
  '!/node_modules/@mui/icons-material/esm/*Rounded.js',
  '!/node_modules/@mui/icons-material/esm/*Sharp.js',
  '!/node_modules/@mui/icons-material/esm/*TwoTone.js',
  '!/node_modules/@mui/icons-material/esm/index.js',
  // The fallback icon is in the main chunk already (imported above): no chunk of its own.
  '!/node_modules/@mui/icons-material/esm/ListAlt.js',
]);

type IconLoader = () => Promise<{ default: SvgIconComponent }>;
const byName = new Map<string, IconLoader>([
  ...Object.entries(loaders).map(([path, load]): [string, IconLoader] => [path.replace(/^.*\/(\w+)\.js$/, '$1'), load]),
  ['ListAlt', () => Promise.resolve({ default: ListAltIcon })],
]);

/** True when `name` (or its capitalised form) is an icon of the set. */
export function isIconName(name: string | null | undefined): boolean {
  return !!name && (byName.has(name) || byName.has(name.charAt(0).toUpperCase() + name.slice(1)));
}

const made = new Map<string, ComponentType<SvgIconProps>>();
// Icons whose chunk has arrived: rendered directly, with no Suspense frame (preloadIcons, docs/performance.md).
const loaded = new Map<string, SvgIconComponent>();
const exactName = (name: string) => (byName.has(name) ? name : name.charAt(0).toUpperCase() + name.slice(1));

/** Loads the named icons ahead (the menu's, right after login), so the shell renders them at once. */
export async function preloadIcons(names: Iterable<string | null | undefined>): Promise<void> {
  const wanted = new Set([...names].filter((n): n is string => !!n).map(exactName));
  await Promise.all(
    [...wanted].map((name) => byName.get(name)?.().then((m) => void loaded.set(name, m.default), () => undefined)),
  );
}

function lazyIcon(name: string, Fallback: ComponentType<SvgIconProps>): ComponentType<SvgIconProps> {
  const key = `${name}|${Fallback.displayName ?? Fallback.name}`;
  const have = made.get(key);
  if (have) return have;
  const load = byName.get(name);
  const Loaded = lazy(() =>
    load ? load().then((m) => (loaded.set(name, m.default), m)) : Promise.resolve({ default: Fallback as SvgIconComponent }),
  );
  // The fallback keeps the menu's layout while the icon's chunk arrives.
  const Icon = (props: SvgIconProps) => (
    <Suspense fallback={<Fallback {...props} />}>
      <Loaded {...props} />
    </Suspense>
  );
  Icon.displayName = `Icon(${name})`;
  made.set(key, Icon);
  return Icon;
}

/** The icon a declaration or menu entry names (a @mui/icons-material name), else `fallback`. */
export function iconFor(name: string | null | undefined, fallback: ComponentType<SvgIconProps> = ListAltIcon): ComponentType<SvgIconProps> {
  if (!name) return fallback;
  const exact = exactName(name);
  return loaded.get(exact) ?? (byName.has(exact) ? lazyIcon(exact, fallback) : fallback);
}
