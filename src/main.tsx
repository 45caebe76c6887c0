import { StrictMode, Suspense, lazy, useLayoutEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { appKeyOf, clearSession, getToken, loadIdentity } from '../providers';
import { chooseApp } from './appChoice';
import { dropBootLogin, takeOverBootLogin } from './login/bootLogin';

/**
 * Entry point: decides the app (/admin → admin, /report → reporting, else the stored appKey), then shows
 * either the login page (its own small chunk, no react-admin: DESIGN §6) or the lazily loaded admin
 * shell. After a login the admin shell takes over at the route the visitor asked for.
 */
const appKey = chooseApp(window.location.pathname);

// A token belongs to the app it logged in to (the server refuses it with the other appKey): after a switch
// between /admin/ and /report/, the other app's session and cached menus must not show here.
const sessionApp = loadIdentity()?.appKey;
if (getToken() && sessionApp && appKeyOf(sessionApp) !== appKey) clearSession();
// With a session the shell opens: index.html's static login form is not needed.
if (getToken()) dropBootLogin();
document.title = `${appKey === 'reportSite' ? '城市网站报送管理系统' : '城市网站管理系统'} - 云溪县人民政府门户网站`;

// Kept once loaded: the shell then renders directly after login, with no Suspense fallback frame and no
// retry pass (React throttles a retry that suspends again by up to 300 ms; docs/performance.md).
let LoadedShell: (typeof import('./AdminShell'))['default'] | undefined;
const loadShell = () => import('./AdminShell').then((m) => ((LoadedShell = m.default), m));
// What the shell's first screen will ask for, started before its first render (docs/performance.md).
const loadWarmShell = () => import('./login/warmShell');
const AdminShell = lazy(loadShell);
const StandaloneLogin = lazy(() => import('./login/StandaloneLogin'));

let shellRequested = false;
function prefetchShell() {
  if (shellRequested) return;
  shellRequested = true;
  // The icons after the shell, so they do not compete with it for the connections.
  void Promise.all([loadShell(), loadWarmShell()]).then(([, warm]) => warm.preloadDeclaredIcons(), () => undefined);
}

const warmShell = (route: string) => loadWarmShell().then((m) => m.warmShell(route), () => undefined);
// A session from before (a reload): the shell opens at once.
if (getToken()) void warmShell(window.location.hash);

const LOGIN_HASH = '#/login';

function Boot() {
  return <div className="boot">正在加载…</div>;
}

/** Once the login page has mounted (before it paints), it replaces index.html's static form. */
function TakeOver({ children }: { children: ReactNode }) {
  useLayoutEffect(() => takeOverBootLogin(), []);
  return children;
}

function Root() {
  const [loggedIn, setLoggedIn] = useState(() => !!getToken());
  const [returnTo] = useState(() => {
    const hash = window.location.hash;
    return hash && hash !== '#' && hash !== '#/' && !hash.startsWith(LOGIN_HASH) ? hash : '#/';
  });

  if (!loggedIn) {
    if (window.location.hash !== LOGIN_HASH) {
      window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}${LOGIN_HASH}`);
    }
    return (
      <Suspense fallback={<Boot />}>
        <TakeOver>
          <StandaloneLogin
            appKey={appKey}
            onFirstInteraction={prefetchShell}
            onLoggedIn={() => {
              // The first screen's calls go out before the shell's first render (a long task) starts.
              void warmShell(returnTo).then(() => {
                window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}${returnTo}`);
                setLoggedIn(true);
              });
            }}
          />
        </TakeOver>
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<Boot />}>
      {LoadedShell ? <LoadedShell appKey={appKey} /> : <AdminShell appKey={appKey} />}
    </Suspense>
  );
}

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
}
