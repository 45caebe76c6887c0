import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link } from 'react-admin';
import { getMenus } from '../../providers';
import type { MenuNode } from '../../providers/types';
import { iconFor } from '../layout/icons';
import { menuTarget } from '../layout/PortalMenu';
import { resources as allResources } from '../resources';

interface Area {
  name: string;
  links: { name: string; to: string; icon?: string | null }[];
}

/** The user's menu tree (granted by his roles, cached at login) as areas of links; the home page itself left out. */
export function quickLinkAreas(menus: readonly MenuNode[]): Area[] {
  const areas: Area[] = [];
  const collect = (nodes: readonly MenuNode[], into: Area['links']) => {
    for (const n of nodes) {
      if (n.type === 'Button') continue;
      const target = menuTarget(n, allResources);
      if (target.kind !== 'none' && target.kind !== 'dashboard') into.push({ name: n.name, to: target.to, icon: n.icon });
      collect(n.children ?? [], into);
    }
  };
  for (const top of menus) {
    if (top.type !== 'Catalogue') continue;
    const links: Area['links'] = [];
    collect(top.children ?? [], links);
    if (links.length) areas.push({ name: top.name, links });
  }
  return areas;
}

/** 快捷入口, grouped by area (内容管理, 互动交流, …), only the entries the user's roles grant. */
export function QuickLinks() {
  const areas = quickLinkAreas(getMenus());
  if (!areas.length) return null;
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          快捷入口
        </Typography>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="quick-links">
          {areas.map((a) => (
            <Box key={a.name} component="section" aria-label={a.name} sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
              <Typography variant="subtitle2" color="text.secondary" sx={{ width: 84, flexShrink: 0 }}>
                {a.name}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {a.links.map((l) => {
                  const Icon = iconFor(l.icon ?? undefined);
                  return (
                    <Button key={`${l.name}-${l.to}`} component={Link} to={l.to} size="small" variant="outlined" startIcon={<Icon />}>
                      {l.name}
                    </Button>
                  );
                })}
              </Box>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
