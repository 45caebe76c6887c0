// The search's tallies' writer (issue 25, session 32): a chunk of hot-word counts (`hot_word`) or of search
// statistics (`search_stat`) written on its own connection to the SQLite file, off the request thread (the
// statements, the B-trees of the tables' indexes and the commit's sync were 15–20 % of that thread's work under
// a stream of distinct searches). The statements are those of hotWords/index.ts `countWords` and statTally.ts,
// as fixed texts. Plain JavaScript: a worker thread does not inherit tsx's loader.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const db = new SQLite(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
// Prepared at first use: a statement of a table that is missing fails its chunk, not the worker.
const statements = new Map();
const statement = (text) => statements.get(text) ?? statements.set(text, db.prepare(text)).get(text);
// A word kept twice counts on its first row (recordSearchWord's rule).
const LOOKUP = 'select word, min(id) as id from hot_word where word in (select value from json_each(?)) group by word';
const UPDATE = 'update hot_word set searchCount = coalesce(searchCount, 0) + ? where id in (select value from json_each(?))';
const INSERT = `insert into hot_word (word, sort, status, type, searchCount, creatorName, createTime, updateTime)
  select json_extract(value, '$[0]'), 0, 0, 2, json_extract(value, '$[1]'), '系统', ?, ? from json_each(?) order by key`;
const UPSERT_STAT = `insert into search_stat (day, keyword, searches, "zeroResults", clicks, "rewrittenTo") values (?, ?, ?, ?, ?, ?)
  on conflict (day, keyword) do update set searches = search_stat.searches + excluded.searches, "zeroResults" = search_stat."zeroResults" + excluded."zeroResults",
  clicks = search_stat.clicks + excluded.clicks, "rewrittenTo" = coalesce(excluded."rewrittenTo", search_stat."rewrittenTo")`;

function countWords(words, now) {
  const ids = new Map(statement(LOOKUP).all(JSON.stringify(words.map(([w]) => w))).map((r) => [r.word, r.id]));
  const byTimes = new Map();
  const fresh = [];
  for (const [word, times] of words) {
    const id = ids.get(word);
    if (id === undefined) fresh.push([word, times]);
    else byTimes.set(times, [...(byTimes.get(times) ?? []), id]);
  }
  for (const [times, keys] of byTimes) statement(UPDATE).run(times, JSON.stringify(keys));
  if (fresh.length) statement(INSERT).run(now, now, JSON.stringify(fresh));
}

// Immediate: takes the write lock at once (busy_timeout waits here, not on the request thread), so a snapshot
// read before another writer's commit cannot make the write fail.
const write = db.transaction((job) => {
  if (job.kind === 'words') countWords(job.words, job.now);
  else for (const row of job.rows) statement(UPSERT_STAT).run(row);
}).immediate;

parentPort.on('message', (job) => {
  try {
    write(job);
    parentPort.postMessage({ id: job.id });
  } catch (error) {
    parentPort.postMessage({ id: job.id, failed: error instanceof Error ? error.message : String(error) });
  }
});
parentPort.postMessage({ ready: true });
