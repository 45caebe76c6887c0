import { useLocation } from 'react-router-dom';
import { getMenus } from '../../providers';
import type { MenuNode } from '../../providers/types';
import { resources as allResources } from '../resources';
import { menuTarget } from './PortalMenu';

export interface TrailStep {
  label: string;
  to?: string;
}

const SUFFIX: Readonly<Record<string, string>> = { create: '新增', show: '详情' };

/** The menu entries from the root to the one whose screen `path` is (or is under); [] when none is. */
function findTrail(nodes: readonly MenuNode[], path: string, above: TrailStep[]): TrailStep[] | null {
  let best: TrailStep[] | null = null;
  for (const node of nodes) {
    if (node.type === 'Button') continue;
    const target = menuTarget(node, allResources);
    const here = [...above, { label: node.name, to: target.kind === 'none' ? undefined : target.to }];
    if (target.kind !== 'none' && target.to !== '/' && (path === target.to || path.startsWith(target.to + '/'))) {
      if (!best || here.length > best.length) best = here;
    }
    const deeper = findTrail(node.children ?? [], path, here);
    if (deeper && (!best || deeper.length > best.length)) best = deeper;
  }
  return best;
}

/**
 * Where the user is, from the route and the menu tree cached at login: e.g. 内容管理 › 文章管理 › 新增.
 * Used by the breadcrumbs and as the app bar's title when a screen sets none.
 */
export function useRouteTrail(): TrailStep[] {
  const { pathname } = useLocation();
  if (pathname === '/' || pathname === '') return [];
  const trail = findTrail(getMenus(), pathname, []) ?? [];
  const last = trail[trail.length - 1];
  if (last?.to && pathname !== last.to) {
    const rest = pathname.slice(last.to.length + 1).split('/');
    const word = SUFFIX[rest[rest.length - 1] ?? ''] ?? (rest.length === 1 ? '编辑' : undefined);
    if (word) trail.push({ label: word });
  }
  return trail;
}

/**
 * The steps the breadcrumbs show after their own home link: not the home entry again (the server's 首页
 * group holds screens such as 待审文章), nor a step repeating the one before it.
 */
export function crumbSteps(trail: readonly TrailStep[], homeLabel: string): TrailStep[] {
  const steps: TrailStep[] = [];
  for (const step of trail) {
    if (step.to === '/' || (!steps.length && step.label === homeLabel)) continue;
    if (steps[steps.length - 1]?.label === step.label) continue;
    steps.push(step);
  }
  return steps;
}
