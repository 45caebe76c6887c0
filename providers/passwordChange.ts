/**
 * The server refuses every call but a few of a session that must change its password first (errorCode 2005,
 * docs/system-security.md). The HTTP client announces it here; the shell (src/security/PasswordExpiryGuard.tsx)
 * then shows the forced 修改密码 screen, whatever the identity it cached said.
 */
export const PASSWORD_CHANGE_CODE = '2005';

const listeners = new Set<() => void>();

export function onPasswordChangeRequired(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function emitPasswordChangeRequired(): void {
  for (const listener of [...listeners]) listener();
}
