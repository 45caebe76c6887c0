import { createContext, useContext } from 'react';
import type { HttpClient } from '../../providers';
import { http } from '../portal';

/**
 * The HTTP client of the security screens (change own password, password types). The app's client by
 * default; component tests provide one on their MSW API.
 */
export const SecurityHttpContext = createContext<HttpClient>(http);

export function useSecurityHttp(): HttpClient {
  return useContext(SecurityHttpContext);
}
