import type { Db } from '../../../../db/types.js';
import { ok } from '../../../../http/envelope.js';
import { runSearch, type CountKept } from '../run.js';
import { smartSearch } from '../smart.js';
import type { Tools } from '../understanding/understand.js';
import type { SearchAnswer, SearchJob } from './protocol.js';

/**
 * One search answered as the route sends it, wherever it runs (a search worker, or the request's own thread
 * when there is none): the same code and statements either way, so the answers cannot differ.
 */
export async function answerSearch(db: Db, job: SearchJob, tools: () => Promise<Tools>, kept: CountKept): Promise<SearchAnswer> {
  if (job.kind === 'plain') {
    const page = await runSearch(db, job.s, kept);
    return { body: utf8(JSON.stringify(ok(page))), total: page.totalRow, searched: '' };
  }
  const answer = await smartSearch(db, job.s, job.keyword, await tools(), kept);
  return { body: utf8(JSON.stringify(ok(answer))), total: answer.totalRow, searched: answer.query.searched };
}

const encoder = new TextEncoder();

/**
 * The answer as the bytes sent (session 29): encoded where the search ran, so a worker hands its own memory
 * over to the request thread (transferred, not copied) and that thread writes it as it is, without copying
 * and encoding 10–20 kB of text per search itself. Never a slice of Node's shared buffer pool (transferable).
 */
function utf8(text: string): Buffer {
  const bytes = encoder.encode(text);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
