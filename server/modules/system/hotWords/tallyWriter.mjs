// The hot-word tally's writer (issue 25, session 32): counts a chunk of searched words in `hot_word` on its own
// connection to the SQLite file, off the request thread (the statements, the B-trees of the table's indexes and
// the commit's sync were 15–20 % of that thread's work under a stream of distinct searches). The same three
// statements as countWords (index.ts), as fixed texts: one lookup, one update per distinct count, one insert of
// the new words in their order. Plain JavaScript: a worker thread does not inherit tsx's loader.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const db = new SQLite(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
// A word kept twice counts on its first row (recordSearchWord's rule).
const lookup = db.prepare('select word, min(id) as id from hot_word where word in (select value from json_each(?)) group by word');
const update = db.prepare('update hot_word set searchCount = coalesce(searchCount, 0) + ? where id in (select value from json_each(?))');
const insert = db.prepare(`insert into hot_word (word, sort, status, type, searchCount, creatorName, createTime, updateTime)
  select json_extract(value, '$[0]'), 0, 0, 2, json_extract(value, '$[1]'), '系统', ?, ? from json_each(?) order by key`);
// Immediate: takes the write lock at once (busy_timeout waits here, not on the request thread), so a snapshot
// read before another writer's commit cannot make the write fail.
const count = db.transaction((words, now) => {
  const ids = new Map(lookup.all(JSON.stringify(words.map(([w]) => w))).map((r) => [r.word, r.id]));
  const byTimes = new Map();
  const fresh = [];
  for (const [word, times] of words) {
    const id = ids.get(word);
    if (id === undefined) fresh.push([word, times]);
    else byTimes.set(times, [...(byTimes.get(times) ?? []), id]);
  }
  for (const [times, keys] of byTimes) update.run(times, JSON.stringify(keys));
  if (fresh.length) insert.run(now, now, JSON.stringify(fresh));
}).immediate;

parentPort.on('message', ({ id, words, now }) => {
  try {
    count(words, now);
    parentPort.postMessage({ id });
  } catch (error) {
    parentPort.postMessage({ id, failed: error instanceof Error ? error.message : String(error) });
  }
});
parentPort.postMessage({ ready: true });
