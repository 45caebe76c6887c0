import { createAuthProvider, createHttpClient } from '../providers';
import { apiUrl } from './apiUrl';
import { withPrefetch } from './prefetchCalls';
import { resources } from './resources';

/**
 * The HTTP client and auth provider both apps use (the login entry logs in with the same session calls,
 * providers/login.ts). The data provider is in ./data.ts, which only the admin shell loads.
 */
export { apiUrl, imageBase } from './apiUrl';

// Calls the first screen will make can start ahead, right after login (./prefetchCalls.ts).
export const http = withPrefetch(createHttpClient({ apiUrl }));
export const authProvider = createAuthProvider(http, resources);
