import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { AppKey } from '../providers/types';
import AdminShell from './AdminShell';

let started = false;

/**
 * The app (react-admin, MUI, every declaration), loaded by src/boot.ts only with a session or after a login,
 * so none of it weighs on the login page. It replaces index.html's login form.
 */
export function startApp(appKey: AppKey): void {
  if (started) return;
  started = true;
  document.getElementById('boot-login')?.remove();
  const container = document.getElementById('root');
  if (!container) return;
  createRoot(container).render(
    <StrictMode>
      <AdminShell appKey={appKey} />
    </StrictMode>,
  );
}
