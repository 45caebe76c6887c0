import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { Suspense, lazy, useEffect, useState } from 'react';
import type { AppKey, LoginParams } from '../../providers/types';
import { LoginPage } from './LoginPage';

// Off the login path (docs/performance.md): the form shows first; the notice bridge and the auth provider
// (with every resource declaration) load right after it, long before anyone can submit.
const NoticeBridge = lazy(() => import('../notices/NoticeBridge').then((m) => ({ default: m.NoticeBridge })));
const loadPortal = () => import('../portal');
const apiUrl: string = import.meta.env.VITE_API_URL ?? '';

const theme = createTheme({
  palette: { primary: { main: '#1565c0' } },
  typography: { fontFamily: '"Microsoft YaHei", "PingFang SC", "Noto Sans CJK SC", "Helvetica Neue", Arial, sans-serif' },
});

export interface StandaloneLoginProps {
  appKey: AppKey;
  /** Called after a successful login (token, menus and identity are stored). */
  onLoggedIn: () => void;
  /** Called at the user's first keystroke or click, or shortly after the form shows: starts loading the admin shell. */
  onFirstInteraction?: () => void;
}

/**
 * The login page before react-admin is loaded (DESIGN §6: a small chunk that shows fast; the admin shell
 * loads behind it). Logs in through the same authProvider the admin shell uses.
 */
export default function StandaloneLogin({ appKey, onLoggedIn, onFirstInteraction }: StandaloneLoginProps) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    setPainted(true);
    void loadPortal();
    // The shell loads while the person types (login → shell usable ≤ 1 s), after the form had its frame.
    const timer = window.setTimeout(() => onFirstInteraction?.(), 300);
    return () => window.clearTimeout(timer);
  }, [onFirstInteraction]);
  const login = async (params: LoginParams) => {
    const { authProvider } = await loadPortal();
    await authProvider.login(params);
    onLoggedIn();
  };
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <div onKeyDownCapture={onFirstInteraction} onPointerDownCapture={onFirstInteraction}>
        <LoginPage appKey={appKey} apiUrl={apiUrl} login={login} />
      </div>
      {painted && (
        <Suspense fallback={null}>
          <NoticeBridge />
        </Suspense>
      )}
    </ThemeProvider>
  );
}
