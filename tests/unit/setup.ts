import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// `npm test` runs the unit stage beside the API and browser stages on two cores: a screen that renders in
// 300 ms alone can take seconds then (a whole test took 19 s at load 11), so findBy*/waitFor wait up to 20 s
// (the default is 1 s) before failing. Tests give no shorter timeout of their own.
configure({ asyncUtilTimeout: 20_000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});
