import { beforeEach, describe, expect, it } from 'vitest';
import { clearSession, saveButtons, saveIdentity, setToken } from '../../../providers/session';
import type { UserIdentity } from '../../../providers/types';
import { shellQueryClient } from '../../../src/shellQueryClient';

// The shell's query client is primed with what the login stored, under react-admin's own query keys, so the
// layout and the home render without waiting on the auth checks (docs/performance.md).
beforeEach(() => clearSession());

describe('shellQueryClient', () => {
  it('primes the session check, the permissions and the identity from the stored login', () => {
    setToken('tok');
    saveButtons(['article:list', 'mail:list']);
    saveIdentity({ userId: 7, name: '张三', username: 'zhangsan' } as unknown as UserIdentity);
    const client = shellQueryClient();
    expect(client.getQueryData(['auth', 'checkAuth', {}])).toBe(true);
    expect(client.getQueryData(['auth', 'checkAuth', { route: 'dashboard' }])).toBe(true);
    expect(client.getQueryData(['auth', 'getPermissions', {}])).toEqual(['article:list', 'mail:list']);
    expect(client.getQueryData(['auth', 'getPermissions', { params: { route: 'dashboard' } }])).toEqual(['article:list', 'mail:list']);
    expect(client.getQueryData(['auth', 'getIdentity'])).toMatchObject({ id: 7, fullName: '张三', username: 'zhangsan' });
  });

  it('keeps the primed answers fresh for a while, every other query stale at once (react-admin asks as before)', () => {
    setToken('tok');
    const client = shellQueryClient();
    const staleTime = client.getDefaultOptions().queries?.staleTime;
    expect(typeof staleTime).toBe('function');
    const primed = client.getQueryCache().find({ queryKey: ['auth', 'checkAuth', {}], exact: true });
    client.setQueryData(['auth', 'canAccess', { resource: 'article' }], true);
    const other = client.getQueryCache().find({ queryKey: ['auth', 'canAccess', { resource: 'article' }], exact: true });
    if (typeof staleTime !== 'function' || !primed || !other) throw new Error('missing');
    expect(staleTime(primed)).toBeGreaterThan(5_000);
    expect(staleTime(other)).toBe(0);
  });

  it('primes nothing without a session', () => {
    const client = shellQueryClient();
    expect(client.getQueryData(['auth', 'checkAuth', {}])).toBeUndefined();
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
