import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// `npm test` runs the unit stage beside the API and browser stages on two cores: a screen that renders in
// 300 ms alone can take seconds then, so findBy*/waitFor wait up to 10 s (the default is 1 s) before failing.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});
