import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';

/** One toolbar icon button with its tooltip; `active` shows (and tells a screen reader) that it is on. */
export function ToolbarButton({ title, onClick, active, children, disabled }: { title: string; onClick: () => void; active?: boolean; children: ReactNode; disabled?: boolean }) {
  return (
    <Tooltip title={title}>
      <span>
        <IconButton size="small" aria-label={title} aria-pressed={active ?? undefined} color={active ? 'primary' : 'default'} onClick={onClick} disabled={disabled}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}
