import { useState } from 'react';
import { newIdempotencyKey } from '../../../providers/idempotency';

/**
 * One Idempotency-Key for as long as a form is open: every submit of it sends the same key, so a double
 * click or a resent form stores one record (server/http/idempotency.ts). A refused submit frees the key on
 * the server, so the corrected form goes through with it; a saved form leaves the screen.
 */
export function useIdempotencyKey(): string {
  const [key] = useState(newIdempotencyKey);
  return key;
}
