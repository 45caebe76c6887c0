// Worker entry of workerCall.ts: the server runs as TypeScript through tsx, and a worker thread does not
// inherit its loader, so register it, then call the asked function and post its result (or its error's message).
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { module, fn, args } = workerData;
try {
  const value = await (await import(module))[fn](...args);
  parentPort.postMessage({ ok: true, value });
} catch (error) {
  parentPort.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
}
