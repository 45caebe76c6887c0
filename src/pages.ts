import type { ComponentType } from 'react';
import type { AppKey } from '../providers/types';

/** A screen that is not one resource's list/form (statistics, settings, trees across resources). */
export interface PageDecl {
  /** The spec's route, e.g. `/main/system/siteSet`; the menu entry whose url equals it opens the page. */
  path: string;
  component: ComponentType;
  /** Admin app unless `reportSite`. */
  app?: AppKey;
}

/** Every page file `src/pages/<name>.tsx` default-exports a PageDecl; adding the file adds the route. */
const modules = import.meta.glob<{ default: PageDecl }>('./pages/*.tsx', { eager: true });

export const pages: readonly PageDecl[] = Object.values(modules).map((m) => m.default);

export function pagesFor(appKey: AppKey): readonly PageDecl[] {
  return pages.filter((p) => (p.app ?? 'adminSite') === appKey);
}

/** react-admin route of a page: its spec path without the leading slash. */
export function pageRoute(page: PageDecl): string {
  return page.path.replace(/^\/+/, '');
}
