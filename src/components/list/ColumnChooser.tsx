import ViewWeekIcon from '@mui/icons-material/ViewWeek';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Popover from '@mui/material/Popover';
import { useState } from 'react';
import { useGetIdentity, useStore } from 'react-admin';

/**
 * 列设置 (issue 23): which columns of a list the user has hidden, one choice per user and list, in
 * react-admin's store under `preferences.` (kept across logins, see layout/portalStore.ts).
 */
export function useHiddenColumns(resource: string) {
  const { identity } = useGetIdentity();
  return useStore<string[]>(`preferences.${resource}.columns.${identity?.id ?? 'anonymous'}.hidden`, []);
}

/** The 列设置 button: a checkbox per column (at least one stays) and 恢复默认. */
export function ColumnChooser({ resource, columns }: { resource: string; columns: readonly { source: string; label: string }[] }) {
  const [hidden, setHidden] = useHiddenColumns(resource);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const shown = columns.filter((c) => !hidden.includes(c.source)).length;
  const toggle = (source: string) => setHidden(hidden.includes(source) ? hidden.filter((s) => s !== source) : [...hidden, source]);
  return (
    <>
      <Button size="small" variant="outlined" startIcon={<ViewWeekIcon />} onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="dialog">
        列设置
      </Button>
      <Popover open={!!anchor} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
        <Box role="dialog" aria-label="列设置" sx={{ display: 'flex', flexDirection: 'column', px: 2, py: 1, minWidth: 180 }}>
          {columns.map((c) => {
            const on = !hidden.includes(c.source);
            return (
              <FormControlLabel key={c.source} label={c.label} control={<Checkbox size="small" checked={on} disabled={on && shown === 1} onChange={() => toggle(c.source)} />} />
            );
          })}
          <Button size="small" onClick={() => setHidden([])} disabled={!hidden.length}>
            恢复默认
          </Button>
        </Box>
      </Popover>
    </>
  );
}
