import { createAuthProvider, createHttpClient } from '../providers';
import { withPrefetch } from './prefetchCalls';
import { resources } from './resources';

/**
 * The HTTP client and auth provider both apps (and the standalone login page) use. The API lives on the
 * page's own origin unless VITE_API_URL says otherwise; VITE_IMAGE_BASE is the image domain of spec §9
 * (default: the same origin). The data provider is in ./data.ts, which only the admin shell loads.
 */
export const apiUrl: string = import.meta.env.VITE_API_URL ?? '';
export const imageBase: string = import.meta.env.VITE_IMAGE_BASE ?? apiUrl;

// Calls the first screen will make can start ahead, right after login (./prefetchCalls.ts).
export const http = withPrefetch(createHttpClient({ apiUrl }));
export const authProvider = createAuthProvider(http, resources);
