import { Navigate, useLocation } from 'react-router';
import { aliasTarget } from './resourceRoute';

/**
 * The short route of a resource (`#/article/5`, its react-admin name) replaced by its spec route
 * (`#/main/article/essay/5`), keeping the query (list filters) and the navigation state (a clone's record).
 * react-admin builds every resource link from the name (useCreatePath), so its buttons land here first.
 */
export function AliasRedirect({ alias, route }: { alias: string; route: string }) {
  const location = useLocation();
  const to = aliasTarget(location.pathname, alias, route) + location.search + location.hash;
  return <Navigate to={to} replace state={location.state} />;
}

/** A route of the spec with no screen of its own (shell, home, a dialog's route) opening another route. */
export function OpenRoute({ to }: { to: string }) {
  const location = useLocation();
  return <Navigate to={to + location.search} replace state={location.state} />;
}
