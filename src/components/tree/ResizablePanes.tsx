import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** Spec part 1 §9: the left pane is at least 150 px, a double click resets it to 360 px, the right pane keeps 800 px. */
export const PANE_MIN = 150;
export const PANE_RESET = 360;
export const RIGHT_MIN = 800;

/**
 * Two panes side by side with a draggable divider (keyboard: arrows move it, Home resets it). The left
 * pane starts no wider than leaves the right one its 800 px, and folds away (收起/展开) so a table fits
 * 1366 px screens (issue 10); the right pane never pushes the page wider.
 */
export function ResizablePanes({ left, right, initial = 240 }: { left: ReactNode; right: ReactNode; initial?: number }) {
  const [width, setWidth] = useState(initial);
  const [folded, setFolded] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const clamp = useCallback((w: number) => {
    const total = box.current?.clientWidth ?? 0;
    const max = total > 0 ? Math.max(PANE_MIN, total - RIGHT_MIN) : w;
    return Math.round(Math.min(Math.max(w, PANE_MIN), max));
  }, []);
  useLayoutEffect(() => setWidth((w) => clamp(w)), [clamp]);
  const startDrag = (event: React.PointerEvent) => {
    event.preventDefault();
    const startX = event.clientX;
    const startW = width;
    const move = (e: PointerEvent) => setWidth(clamp(startW + e.clientX - startX));
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  return (
    <Box ref={box} sx={{ display: 'flex', alignItems: 'stretch', width: '100%', minHeight: 480 }}>
      <Box sx={{ width: folded ? 0 : width, minWidth: folded ? 0 : PANE_MIN, flexShrink: 0, overflow: 'auto', display: folded ? 'none' : 'block' }}>{left}</Box>
      <IconButton size="small" aria-label={folded ? '展开左侧' : '收起左侧'} title={folded ? '展开左侧' : '收起左侧'} onClick={() => setFolded((f) => !f)} sx={{ alignSelf: 'flex-start', p: 0.25 }}>
        {folded ? <ChevronRightIcon fontSize="small" /> : <ChevronLeftIcon fontSize="small" />}
      </IconButton>
      {!folded && <Box
        role="separator"
        aria-orientation="vertical"
        aria-label="拖动调整宽度，双击恢复"
        aria-valuenow={width}
        tabIndex={0}
        onPointerDown={startDrag}
        onDoubleClick={() => setWidth(clamp(PANE_RESET))}
        onKeyDown={(e) => {
          if (e.key === 'ArrowLeft') setWidth((w) => clamp(w - 20));
          if (e.key === 'ArrowRight') setWidth((w) => clamp(w + 20));
          if (e.key === 'Home') setWidth(clamp(PANE_RESET));
        }}
        sx={{ width: 6, cursor: 'col-resize', flexShrink: 0, mx: 0.5, borderRadius: 1, bgcolor: 'divider', '&:hover, &:focus': { bgcolor: 'primary.light' } }}
      />}
      {/* Clipped, not scrolled: a scroll box here would hold the list's sticky pager inside it, below the window. */}
      <Box sx={{ flex: 1, minWidth: 0, overflowX: 'clip' }}>{right}</Box>
    </Box>
  );
}
