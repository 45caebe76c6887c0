import CloseIcon from '@mui/icons-material/Close';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { onNotice } from '../../providers';
import type { PortalNotice } from '../../providers/types';

type Toast = Extract<PortalNotice, { kind: 'toast' }> & { id: number };
type Panel = Extract<PortalNotice, { kind: 'panel' }> & { id: number };

export type NoticeSubscribe = (listener: (notice: PortalNotice) => void) => () => void;

/**
 * Renders what the providers announce (PortalNotice): toasts at the top centre (error/warning 8 s,
 * success 3 s, as the notice says) and notification panels at the bottom right (HTTP errors, 4 s).
 * Mounted once in the login page and once in each admin shell.
 */
export function NoticeBridge({ subscribe = onNotice }: { subscribe?: NoticeSubscribe }) {
  const [toast, setToast] = useState<Toast | null>(null);
  const [panels, setPanels] = useState<Panel[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    const unsubscribe = subscribe((notice) => {
      const id = nextId.current++;
      if (notice.kind === 'toast') {
        setToast({ ...notice, id });
      } else {
        setPanels((list) => [...list.slice(-4), { ...notice, id }]);
        pending.set(
          id,
          setTimeout(() => {
            pending.delete(id);
            setPanels((list) => list.filter((p) => p.id !== id));
          }, notice.duration),
        );
      }
    });
    return () => {
      unsubscribe();
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, [subscribe]);

  const closePanel = (id: number) => {
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
    setPanels((list) => list.filter((p) => p.id !== id));
  };

  return (
    <>
      <Snackbar
        key={toast?.id}
        open={!!toast}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        autoHideDuration={toast?.duration ?? null}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setToast(null);
        }}
        data-testid="notice-toast"
      >
        {toast ? (
          <Alert
            severity={toast.level}
            variant="filled"
            onClose={() => setToast(null)}
            sx={{ minWidth: 280, alignItems: 'center' }}
          >
            {toast.message}
          </Alert>
        ) : undefined}
      </Snackbar>
      <Box
        data-testid="notice-panels"
        data-position="bottom-right"
        sx={{
          position: 'fixed',
          right: 16,
          bottom: 16,
          zIndex: 1500,
          display: 'flex',
          flexDirection: 'column',
          gap: 1.5,
          pointerEvents: 'none',
        }}
      >
        {panels.map((panel) => (
          <Paper
            key={panel.id}
            role="alert"
            elevation={8}
            data-testid="notice-panel"
            sx={{ width: 330, p: 2, display: 'flex', gap: 1.5, pointerEvents: 'auto', borderRadius: 2 }}
          >
            <ErrorOutlineIcon color="error" />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="subtitle1" component="div" sx={{ fontWeight: 600 }}>
                {panel.title}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                {panel.body}
              </Typography>
            </Box>
            <IconButton size="small" aria-label="关闭" onClick={() => closePanel(panel.id)} sx={{ alignSelf: 'flex-start' }}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </Paper>
        ))}
      </Box>
    </>
  );
}

export default NoticeBridge;
