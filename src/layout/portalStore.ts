import { localStorageStore, type Store } from 'react-admin';

/** The part of the store that outlives a logout: each user's own choices (列设置, keyed by user id). */
const KEPT = 'preferences.';

/**
 * react-admin's localStorage store, except that logging out (which resets the store) keeps the users'
 * preferences, so a column choice is still there at the next login (issue 23).
 */
export function portalStore(appKey: string): Store {
  const base = localStorageStore('1', appKey);
  const prefix = `RaStore${appKey}.`; // ra-core's localStorageStore key: RaStore<appKey>.<key>
  return {
    ...base,
    reset() {
      for (const key of Object.keys(localStorage)) {
        if (!key.startsWith(prefix)) continue;
        const own = key.slice(prefix.length);
        if (own !== 'version' && !own.startsWith(KEPT)) base.removeItem(own);
      }
    },
  };
}
