import Box from '@mui/material/Box';
import { useCallback, useRef, useState, type ReactNode } from 'react';

/** Spec part 1 §9: the left pane is at least 150 px, a double click resets it to 360 px, the right pane keeps 800 px. */
export const PANE_MIN = 150;
export const PANE_RESET = 360;
export const RIGHT_MIN = 800;

/** Two panes side by side with a draggable divider (keyboard: arrows move it, Home resets it). */
export function ResizablePanes({ left, right, initial = PANE_RESET }: { left: ReactNode; right: ReactNode; initial?: number }) {
  const [width, setWidth] = useState(initial);
  const box = useRef<HTMLDivElement>(null);
  const clamp = useCallback((w: number) => {
    const total = box.current?.clientWidth ?? 0;
    const max = total > 0 ? Math.max(PANE_MIN, total - RIGHT_MIN) : w;
    return Math.round(Math.min(Math.max(w, PANE_MIN), max));
  }, []);
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
      <Box sx={{ width, minWidth: PANE_MIN, flexShrink: 0, overflow: 'auto' }}>{left}</Box>
      <Box
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
      />
      <Box sx={{ flex: 1, minWidth: RIGHT_MIN, overflow: 'auto' }}>{right}</Box>
    </Box>
  );
}
