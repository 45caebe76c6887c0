import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { MenuNode } from '../../providers/types';
import { loadInitials, matchEntries, menuEntries, type FoundEntry, type InitialsOf } from './menuSearch';

export interface MenuSearchProps {
  tree: readonly MenuNode[];
  /** How one found entry is shown (the menu's own entry component). */
  renderEntry: (found: FoundEntry) => ReactNode;
  /** The menu as usual, shown while the box is empty. */
  children: ReactNode;
}

/**
 * 搜索菜单: a box above the menu; while it holds text, the menu is replaced by the entries whose name (or
 * pinyin initials, e.g. wzgl → 文章管理) matches. Esc empties it.
 */
export function MenuSearch({ tree, renderEntry, children }: MenuSearchProps) {
  const [query, setQuery] = useState('');
  const [initialsOf, setInitialsOf] = useState<InitialsOf>();
  const [wanted, setWanted] = useState(false);
  const entries = useMemo(() => menuEntries(tree), [tree]);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    loadInitials().then((fn) => live && setInitialsOf(() => fn), () => undefined);
    return () => {
      live = false;
    };
  }, [wanted]);
  const found = matchEntries(entries, query, initialsOf);
  return (
    <>
      <TextField
        size="small"
        placeholder="搜索菜单"
        value={query}
        onFocus={() => setWanted(true)}
        onChange={(e) => setQuery(e.target.value)}
        // The menu is a MenuList: its type-ahead would take the letters typed here.
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'Escape') setQuery('');
        }}
        slotProps={{
          htmlInput: { 'aria-label': '搜索菜单', 'data-testid': 'menu-search' },
          input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
        }}
        sx={{ mx: 1, my: 1, width: 'calc(100% - 16px)', '& .MuiInputBase-root': { fontSize: 14 } }}
      />
      {query.trim() ? (
        // Once an entry is chosen the menu comes back, its group open on the new screen.
        <List component="div" disablePadding aria-label="菜单搜索结果" onClick={() => setQuery('')}>
          {found.map((f) => renderEntry(f))}
          {!found.length && (
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
              没有匹配的菜单
            </Typography>
          )}
        </List>
      ) : (
        children
      )}
    </>
  );
}
