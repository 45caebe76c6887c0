import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useListContext } from 'react-admin';
import { loadButtons } from '../../providers';
import type { ResourceDecl } from '../../resources/types';

/**
 * The list's tabs (`list.sources`): each sets the filter value the data provider turns into its call
 * (领导信箱's 信件列表 / 本部门信件). A tab needs its permission key (default the list's); with one tab
 * or none allowed, no tabs show.
 */
export function SourceTabs({ decl }: { decl: ResourceDecl }) {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const sources = decl.list.sources;
  if (!sources) return null;
  const held = loadButtons();
  const tabs = sources.tabs.filter((t) => held.includes(t.permission ?? decl.permissions.list));
  if (tabs.length < 2) return null;
  const chosen = String((filterValues as Record<string, unknown>)[sources.param] ?? '');
  const current = tabs.some((t) => t.value === chosen) ? chosen : tabs[0]!.value;
  return (
    <Tabs
      value={current}
      onChange={(_e, value: string) => setFilters({ ...(filterValues as Record<string, unknown>), [sources.param]: value }, displayedFilters)}
      sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 40, '& .MuiTab-root': { minHeight: 40 } }}
    >
      {tabs.map((t) => (
        <Tab key={t.value} value={t.value} label={t.label} />
      ))}
    </Tabs>
  );
}
