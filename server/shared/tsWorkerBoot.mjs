// Worker entry for a worker written in TypeScript: the server runs through tsx, and a worker thread does not
// inherit its loader, so register it, then load the worker named by `workerData.entry` (a file URL).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
