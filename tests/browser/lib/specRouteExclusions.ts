/**
 * SPEC ROUTES WITHOUT A SCREEN ON THIS BRANCH, left out of tests/browser/spec-routes.test.ts (and expected
 * by tests/unit/src/specRoutes.test.ts to be exactly the routes that open nothing yet). Drop each entry
 * as its screen is merged; the lists come from src/routes/specRoutes.ts.
 */
export const SPEC_ROUTES_WITHOUT_SCREEN_YET: ReadonlySet<string> = new Set([
]);
