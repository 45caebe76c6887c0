import { createContext, useContext } from 'react';
import type { HttpClient } from '../../../providers';
import { http } from '../../portal';

/**
 * The HTTP client the interaction screens call their workflow paths with (/stopAdvice, /suggest/add with
 * an id, /advice/resultReply …). The app's client by default; component tests provide one on their API.
 */
export const InteractionHttpContext = createContext<HttpClient>(http);

export function useInteractionHttp(): HttpClient {
  return useContext(InteractionHttpContext);
}
