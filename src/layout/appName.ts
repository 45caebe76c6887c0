import { useEffect, useState } from 'react';
import type { AppKey } from '../../providers/types';
import appInfo from '../../resources/appInfo';
import { http } from '../portal';

const cacheKey = (appKey: AppKey) => `portal-appName-${appKey}`;

function cached(appKey: AppKey): string | undefined {
  try {
    return localStorage.getItem(cacheKey(appKey)) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The app's 系统名称 as 应用信息 holds it (GET /api/app/view, public), for the top bar and the tab title.
 * The last answer is kept in localStorage so a reload shows it at once; undefined until one is known
 * (the caller falls back to the spec's title).
 */
export function useServerAppName(appKey: AppKey): string | undefined {
  const [name, setName] = useState<string | undefined>(() => cached(appKey));
  useEffect(() => {
    const view = appInfo.api.extra?.view;
    if (!view) return;
    let live = true;
    http
      .request<{ name?: string | null } | null>({ path: view.path, method: view.method, query: { appId: appKey }, silent: true })
      .then((row) => {
        const value = row?.name?.trim();
        if (!live || !value) return;
        setName(value);
        try {
          localStorage.setItem(cacheKey(appKey), value);
        } catch {
          // Private mode: the title simply waits for the answer next time.
        }
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [appKey]);
  useEffect(() => {
    if (name) document.title = name;
  }, [name]);
  return name;
}
