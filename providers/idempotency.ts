/**
 * Idempotency keys of create calls (server/http/idempotency.ts): the server runs a call with a given key
 * once and answers repeats with the first result. A form keeps one key for as long as it is open, so a
 * double click or a resent submit stores one record; any other create call gets a key of its own.
 */

/** 32 hex characters. getRandomValues, not randomUUID: the latter needs a secure context (plain-HTTP intranets). */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A POST whose path names a create or submit step (`/hot/add`, `/api/article/save/role`, `/theme/webAdd`). */
export function isCreatePath(path: string, method: string | undefined): boolean {
  if ((method ?? 'POST') !== 'POST') return false;
  return path.split('/').some((segment) => /^(web)?(add|save|submit|create|insert)/i.test(segment));
}
