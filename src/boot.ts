import { createHttpClient } from '../providers/http';
import { loginSession } from '../providers/login';
import { appKeyOf, clearSession, getToken, loadIdentity } from '../providers/session';
import { apiUrl } from './apiUrl';
import { APP_TITLES, chooseApp } from './appChoice';
import { startLoginForm } from './login/loginForm';

/**
 * The page's only entry (index.html): a few KB with no React. It decides the app (/admin → admin, /report →
 * reporting, else the stored appKey); without a session it wires index.html's login form and nothing else
 * loads until the person types in it (Lighthouse ≥ 90 on mobile, docs/performance.md); with a session, or
 * after a login, it starts the app
 * (./app.tsx: React, react-admin, MUI) at the route the visitor asked for.
 */
const appKey = chooseApp(window.location.pathname);
const LOGIN_HASH = '#/login';

// A token belongs to the app it logged in to (the server refuses it with the other appKey): after a switch
// between /admin/ and /report/, the other app's session and cached menus must not show here.
const sessionApp = loadIdentity()?.appKey;
if (getToken() && sessionApp && appKeyOf(sessionApp) !== appKey) clearSession();
document.title = `${APP_TITLES[appKey]} - 云溪县人民政府门户网站`;

const setHash = (hash: string) => window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}${hash}`);

/** The app's chunks, and the first screen's calls started beside them (src/login/warmShell.ts). */
async function openApp(route: string): Promise<void> {
  const [app] = await Promise.all([import('./app'), import('./login/warmShell').then((m) => m.warmShell(route))]);
  app.startApp(appKey);
}

function showLogin(): void {
  const hash = window.location.hash;
  const returnTo = hash && hash !== '#' && hash !== '#/' && !hash.startsWith(LOGIN_HASH) ? hash : '#/';
  if (hash !== LOGIN_HASH) setHash(LOGIN_HASH);
  const form = document.getElementById('boot-login');
  if (!form) return;
  // Once the person types or clicks in the form, the app loads meanwhile (login → shell must not wait for its
  // ~600 KB of script); before that the login page loads nothing more, so a visit that only looks (or
  // Lighthouse, which does not type) costs 3 requests. A focus is not enough: the username field is autofocused.
  // The menu icons after the app, so they do not compete with it for the connections.
  const warm = () => void Promise.all([import('./app'), import('./login/warmShell')]).then(([, w]) => w.preloadDeclaredIcons(), () => undefined);
  form.addEventListener('input', warm, { once: true });
  form.addEventListener('pointerdown', warm, { once: true });
  const http = createHttpClient({ apiUrl });
  const stop = startLoginForm(form, {
    apiUrl,
    login: (params) => loginSession(http, params),
    onLoggedIn: async () => {
      setHash(returnTo);
      await openApp(returnTo);
      stop();
    },
  });
}

if (getToken()) {
  // With a session the login route means nothing: the shell opens at its home.
  if (window.location.hash.startsWith(LOGIN_HASH)) setHash('#/');
  void openApp(window.location.hash);
} else {
  showLogin();
}
