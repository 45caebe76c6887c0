// Worker entry: the server runs as TypeScript through tsx, and a worker thread does not inherit its
// loader, so register it here before loading the real worker.
import { register } from 'tsx/esm/api';

register();
await import('./copyWorker.ts');
