// Worker entry: the server runs as TypeScript through tsx, and a worker thread does not inherit its
// loader, so register it here before loading the real worker (as the render workers do).
import { register } from 'tsx/esm/api';

register();
await import('./searchWorker.ts');
