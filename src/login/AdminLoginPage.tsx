import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { getToken } from '../../providers/session';

/** Indirection so that unit tests (jsdom has no navigation) can see the reload. */
export const loginReload = { run: (): void => window.location.reload() };

/**
 * react-admin's login route (#/login after a logout or an expired session): the page loads again, so the
 * small login entry (src/boot.ts) shows its form and the previous user's in-memory state (query cache,
 * stores) is gone with the old page. With a session the route means nothing: back to the home.
 */
export function AdminLoginPage() {
  const navigate = useNavigate();
  useEffect(() => {
    if (getToken()) navigate('/', { replace: true });
    else loginReload.run();
  }, [navigate]);
  return <div className="boot">正在加载…</div>;
}
