import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import FolderIcon from '@mui/icons-material/Folder';
import HomeIcon from '@mui/icons-material/Home';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Menu, MenuItemLink, useSidebarState } from 'react-admin';
import { getMenus } from '../../providers';
import type { MenuNode } from '../../providers/types';
import type { ResourceDecl } from '../../resources/types';
import { pageRoute, pages as allPages, type PageDecl } from '../pages';
import { resources as allResources } from '../resources';
import { resourceRoute } from '../routes/resourceRoute';
import { SPEC_ROUTES } from '../routes/specRoutes';
import { iconFor } from './icons';
import { MenuSearch } from './MenuSearch';

/** Menu urls that mean "the app's home page" (admin /main/home, reporting /report/home). */
const HOME_URLS = new Set(['/main/home', '/report/home', '/main', '/report']);

export type MenuTarget =
  | { kind: 'resource'; to: string }
  | { kind: 'page'; to: string }
  | { kind: 'dashboard'; to: '/' }
  | { kind: 'none' };

/** Spec routes that open another screen (分配用户 → the role screen); the home routes are handled above them. */
const OPENING = new Set(Object.values(SPEC_ROUTES).flatMap((routes) => routes.filter((r) => r.opens).map((r) => r.path)));

/**
 * Where a Menu node leads, always by the spec's route: a declared resource's list (by alias, else by
 * url), the dashboard, a page (by url), a spec route that opens another screen, or nowhere yet.
 */
export function menuTarget(node: MenuNode, declared: readonly ResourceDecl[], pages: readonly PageDecl[] = allPages): MenuTarget {
  const url = (node.url ?? '').replace(/\/+$/, '');
  const decl = declared.find((d) => d.name === node.alias) ?? declared.find((d) => `/${resourceRoute(d)}` === url);
  if (decl) return { kind: 'resource', to: `/${resourceRoute(decl)}` };
  if (HOME_URLS.has(url)) return { kind: 'dashboard', to: '/' };
  const page = pages.find((p) => p.path === url);
  if (page) return { kind: 'page', to: `/${pageRoute(page)}` };
  if (OPENING.has(url)) return { kind: 'page', to: url };
  return { kind: 'none' };
}

/** Children that are shown (Button entries are permissions, not menu entries). */
function visibleChildren(node: MenuNode): MenuNode[] {
  return (node.children ?? []).filter((c) => c.type !== 'Button');
}

/** A Catalogue without visible children (the server's 首页 with url /main/home) is shown as an entry. */
function isEntry(node: MenuNode): boolean {
  return node.type === 'Menu' || (node.type === 'Catalogue' && visibleChildren(node).length === 0);
}

function linksToDashboard(nodes: readonly MenuNode[], declared: readonly ResourceDecl[]): boolean {
  return nodes.some(
    (n) =>
      // An entry to the home page, or a home Catalogue with children (its group starts with an overview entry).
      menuTarget(n, declared).kind === 'dashboard' || linksToDashboard(visibleChildren(n), declared),
  );
}

/** Whether the screen at `pathname` is one of the node's entries (or under one): its group is the current one. */
export function holdsPath(node: MenuNode, pathname: string, declared: readonly ResourceDecl[]): boolean {
  if (node.type === 'Button') return false;
  const target = menuTarget(node, declared);
  if (target.kind !== 'none') {
    if (target.to === '/' ? pathname === '/' : pathname === target.to || pathname.startsWith(target.to + '/')) return true;
  }
  return (node.children ?? []).some((c) => holdsPath(c, pathname, declared));
}

function bySort(a: MenuNode, b: MenuNode): number {
  return (a.sort ?? 0) - (b.sort ?? 0);
}

interface NodeProps {
  node: MenuNode;
  depth: number;
  declared: readonly ResourceDecl[];
}

function MenuEntry({ node, depth, declared }: NodeProps) {
  const [open] = useSidebarState();
  const target = menuTarget(node, declared);
  const decl = declared.find((d) => d.name === node.alias);
  const Icon = iconFor(node.icon || decl?.icon, target.kind === 'dashboard' ? HomeIcon : undefined);
  const indent = open ? depth * 2 : 0;
  if (target.kind === 'none') {
    return (
      <Tooltip title="该功能尚未开放" placement="right">
        <span>
          <ListItemButton disabled dense aria-disabled="true" sx={{ pl: 2 + indent }} data-menu-url={node.url ?? ''}>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <Icon fontSize="small" />
            </ListItemIcon>
            {open && <ListItemText primary={node.name} />}
          </ListItemButton>
        </span>
      </Tooltip>
    );
  }
  return (
    <MenuItemLink
      to={target.to}
      primaryText={node.name}
      leftIcon={<Icon />}
      sx={{ pl: 2 + indent }}
    />
  );
}

function MenuGroup({ node, depth, declared }: NodeProps) {
  const [sidebarOpen] = useSidebarState();
  const { pathname } = useLocation();
  const current = holdsPath(node, pathname, declared);
  // Collapsed unless it holds the current screen: moving to a screen of a closed group opens it, and moving
  // out of a group (a menu search, a link) folds it, so the menu does not grow with every screen visited.
  const [expanded, setExpanded] = useState(current);
  useEffect(() => {
    setExpanded(current);
  }, [current]);
  const Icon = iconFor(node.icon, FolderIcon);
  const children = visibleChildren(node).sort(bySort);
  return (
    <>
      <ListItemButton
        dense
        onClick={() => setExpanded((v) => !v)}
        aria-expanded={expanded}
        sx={{ pl: 2 + (sidebarOpen ? depth * 2 : 0) }}
      >
        <ListItemIcon sx={{ minWidth: 36 }}>
          <Icon fontSize="small" />
        </ListItemIcon>
        {sidebarOpen && <ListItemText primary={node.name} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />}
        {expanded ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListItemButton>
      <Collapse in={expanded} timeout="auto" unmountOnExit>
        <List component="div" disablePadding aria-label={node.name}>
          {menuTarget(node, declared).kind === 'dashboard' && (
            <MenuItemLink to="/" primaryText={`${node.name}概览`} leftIcon={<HomeIcon />} sx={{ pl: 2 + (sidebarOpen ? (depth + 1) * 2 : 0) }} />
          )}
          {children.map((child) => (
            <MenuNodeView key={child.id} node={child} depth={depth + 1} declared={declared} />
          ))}
        </List>
      </Collapse>
    </>
  );
}

function MenuNodeView(props: NodeProps) {
  if (isEntry(props.node)) return <MenuEntry {...props} />;
  if (props.node.type === 'Catalogue') return <MenuGroup {...props} />;
  return null;
}

export interface PortalMenuProps {
  /** The menu tree; the one cached at login by default. */
  menus?: MenuNode[];
  /** Declared resources menu aliases may link to; all declarations by default. */
  declared?: readonly ResourceDecl[];
  /** Label of the home entry added when the tree has none (首页 / 工作台). */
  homeLabel?: string;
}

/**
 * The side menu, built from the menu tree of /menu/list: Catalogue nodes are collapsible groups (an empty
 * one is shown as an entry), Menu nodes are entries. A Menu whose alias names a declared resource opens its list, one whose url is the
 * home page opens the dashboard, any other shows disabled until its screen exists. So a new Menu entry
 * of the server's tree appears without a code change.
 */
export function PortalMenu({ menus, declared = allResources, homeLabel = '首页' }: PortalMenuProps) {
  const tree = [...(menus ?? getMenus())].filter((n) => n.type !== 'Button').sort(bySort);
  const hasHome = linksToDashboard(tree, declared);
  const [sidebarOpen] = useSidebarState();
  const menu = (
    <>
      {!hasHome && <MenuItemLink to="/" primaryText={homeLabel} leftIcon={<HomeIcon />} />}
      {tree.map((node) => (
        <MenuNodeView key={node.id} node={node} depth={0} declared={declared} />
      ))}
    </>
  );
  return (
    <Menu aria-label="主菜单">
      {sidebarOpen ? (
        <MenuSearch tree={tree} renderEntry={(f) => <MenuEntry key={f.node.id} node={f.node} depth={0} declared={declared} />}>
          {menu}
        </MenuSearch>
      ) : (
        menu
      )}
    </Menu>
  );
}
