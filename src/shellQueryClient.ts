import { QueryClient, hashKey, type QueryKey } from '@tanstack/react-query';
import { getToken, loadButtons, loadIdentity } from '../providers';

// How long what the login stored counts as fresh: the shell's first render and its first screen.
const PRIMED_MS = 10_000;

/**
 * react-admin's query client, primed with what the login has just stored (token, buttons, identity). Without
 * it the shell waits on three asynchronous auth checks in a row before the home screen mounts (the session,
 * then the dashboard's session, then its permissions), each costing a render pass of the whole layout, and
 * each check's background refetch costs one more (docs/performance.md). The primed answers are exactly what
 * the auth provider would answer (it reads the same stored values), fresh for PRIMED_MS; after that, and for
 * every other query, react-admin asks as before (staleTime 0).
 */
export function shellQueryClient(): QueryClient {
  const primed = new Map<string, [QueryKey, unknown]>();
  if (getToken()) {
    // react-admin's query keys (ra-core useAuthState, usePermissions — CoreAdminRoutes asks with `{}` —, useGetIdentity; the dashboard's
    // WithPermissions passes `{ params: { route: 'dashboard' } }`).
    const prime = (key: QueryKey, value: unknown) => primed.set(hashKey(key), [key, value]);
    prime(['auth', 'checkAuth', {}], true);
    prime(['auth', 'getPermissions', {}], loadButtons());
    prime(['auth', 'checkAuth', { route: 'dashboard' }], true);
    prime(['auth', 'getPermissions', { params: { route: 'dashboard' } }], loadButtons());
    const identity = loadIdentity();
    // As authProvider.getIdentity answers it (providers/authProvider.ts).
    if (identity) prime(['auth', 'getIdentity'], { ...identity, id: identity.userId, fullName: identity.name });
  }
  const until = Date.now() + PRIMED_MS;
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: (query) => (primed.has(query.queryHash) ? Math.max(0, until - Date.now()) : 0) } },
  });
  for (const [key, value] of primed.values()) client.setQueryData(key, value);
  return client;
}
