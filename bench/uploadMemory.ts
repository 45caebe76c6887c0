// Issue 14: server memory while large uploads arrive. Starts the server in this process, sends a 90 MB
// junk file and a 90 MB WebM with curl (another process), samples this process's RSS every 20 ms.
// `npx tsx bench/uploadMemory.ts <junk file> <webm file>`.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { login, startTestServer } from '../tests/api/helpers/testServer';

const [junk, webm] = process.argv.slice(2);
const server = await startTestServer();
const token = await login(server.url, 'admin', server.adminPassword);
const rss = () => Math.round(process.memoryUsage().rss / 1048576);
const before = rss();
let peak = before;
const timer = setInterval(() => (peak = Math.max(peak, rss())), 20);
for (const file of [junk, webm]) {
  const started = Date.now();
  // A refusal is answered after the first bytes, and curl then reports that it could not send the rest.
  const stdout = await promisify(execFile)('curl', ['-s', '-H', `Authorization: ${token}`, '-H', 'appKey: adminSite', '-F', `file=@${file}`, `${server.url}/api/file/upload/name`]).then(
    (r) => r.stdout,
    (e: { stdout?: string }) => e.stdout ?? '',
  );
  console.log(`${file}: ${Date.now() - started} ms ${stdout.slice(0, 100)}`);
}
clearInterval(timer);
console.log(`server RSS before ${before} MB, peak ${peak} MB`);
await server.close();
