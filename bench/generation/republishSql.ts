// Where one republish's time goes (issue 26, a million articles): edits published articles of a seeded data
// directory through POST /api/article/update, as bench/generation/ourSite.ts does, and prints each edit's
// SQL statements by time (the slowest first). Writes the article and its pages: use a scratch copy.
// Usage: GEN_DATA_DIR=/tmp/dir/100000 [REPUBLISH_SPREAD=1] npx tsx bench/generation/republishSql.ts [edits=3]
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';

interface Timed { sql: string; ms: number }
interface ExecutorLike { executeQuery(compiled: { sql: string }, ...rest: unknown[]): Promise<unknown> }

const dataDir = process.env.GEN_DATA_DIR as string;
const edits = Number(process.argv[2] ?? 3);
const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: 'Bench@2026pass', SEED_DEMO: 'off', SCHEDULER: 'off' }), port: 0, host: '127.0.0.1' };
const app = await buildApp(config, { logger: false });
let sink: Timed[] | null = null;
const proto = Object.getPrototypeOf(app.db.getExecutor()) as ExecutorLike;
const original = proto.executeQuery;
proto.executeQuery = async function (this: ExecutorLike, compiled, ...rest) {
  const t = performance.now();
  try {
    return await original.call(this, compiled, ...rest);
  } finally {
    sink?.push({ sql: compiled.sql, ms: performance.now() - t });
  }
};
const head = { appKey: 'adminSite', clientId: 'ADMIN', version: '1.0.0' };
const login = await app.inject({ method: 'POST', url: `/user/loginNoCode?username=admin&password=${encodeURIComponent('Bench@2026pass')}`, headers: head });
const token = (login.json() as { data: { value: string } }).data.value;
// The newest articles, or (REPUBLISH_SPREAD=1) articles spread over the id range as bench/generation/ourSite.ts edits them.
const published = () => app.db.selectFrom('article').select(['articleId', 'title']).where('status', '=', 5);
const total = Number((await app.db.selectFrom('article').select((eb) => eb.fn.countAll().as('n')).where('status', '=', 5).executeTakeFirst())?.n ?? 0);
const ids =
  process.env.REPUBLISH_SPREAD === '1'
    ? (await Promise.all(Array.from({ length: edits }, (_, i) => published().orderBy('articleId').offset(Math.floor(((i + 0.5) * total) / edits)).limit(1).executeTakeFirst()))).filter((r) => r !== undefined)
    : await published().orderBy('articleId', 'desc').limit(edits).execute();
for (const row of ids) {
  sink = [];
  const t = performance.now();
  const res = await app.inject({ method: 'POST', url: '/api/article/update', headers: { ...head, Authorization: token }, payload: { articleId: row.articleId, title: `${String(row.title)}（修订）` } });
  const total = Math.round(performance.now() - t);
  const statements = sink;
  sink = null;
  const sqlMs = statements.reduce((n, s) => n + s.ms, 0);
  console.log(`article ${row.articleId}: ${total} ms (${(res.json() as { errorCode: string }).errorCode}), ${statements.length} statements, ${Math.round(sqlMs)} ms of SQL; slowest:`);
  for (const s of [...statements].sort((a, b) => b.ms - a.ms).slice(0, 6)) console.log(`  ${s.ms.toFixed(1).padStart(7)} ms  ${s.sql.slice(0, 220)}`);
}
await app.close();
process.exit(0);
