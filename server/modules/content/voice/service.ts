import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../../db/types.js';
import { formatDateTime } from '../../../util/time.js';
import { articleRelPath } from '../../generation/context.js';
import { siteRoot } from '../../generation/service.js';
import { audioSeconds, encodeChunks } from './encode.js';
import type { SpeechEngine, VoiceConfig } from './engine.js';
import { publishBeside, removeVoiceFiles, voiceDir, voiceFileName } from './files.js';
import { BoundedQueue } from './queue.js';
import { articleSpeechText, speechChunks, speechHash } from './sentences.js';

export type VoiceStatus = 'pending' | 'working' | 'ready' | 'failed';

/** What `request` did: audio already current, queued, or refused because the queue is full. */
export type RequestResult = 'current' | 'queued' | 'busy';

/**
 * Read-aloud audio of articles (docs/voice.md): asks are queued (BoundedQueue) and made in child
 * processes; the row in `article_voice` says where each article stands. `refreshPage` re-renders a
 * published article's page once its audio is ready (set by the generation module).
 */
export class VoiceService {
  readonly queue: BoundedQueue;
  refreshPage: (articleId: number) => Promise<void> = async () => undefined;

  constructor(
    private readonly db: Db,
    private readonly dataDir: string,
    readonly engine: SpeechEngine,
    private readonly config: VoiceConfig,
    private readonly log: { error: (o: unknown, msg?: string) => void },
  ) {
    this.queue = new BoundedQueue(config.concurrency, config.queueMax, (id, signal) => this.make(id, signal), (id, e) => void this.fail(id, e));
  }

  private async article(articleId: number) {
    return this.db.selectFrom('article').select(['articleId', 'title', 'content', 'status', 'columnId', 'publishTime', 'createTime']).where('articleId', '=', articleId).executeTakeFirst();
  }

  row(articleId: number) {
    return this.db.selectFrom('article_voice').selectAll().where('articleId', '=', articleId).executeTakeFirst();
  }

  private textOf(a: { title: string | null; content: string | null }): string {
    return articleSpeechText(String(a.title ?? ''), String(a.content ?? ''), this.config.maxChars);
  }

  /** Asks for the article's audio: nothing to do when the current text's audio exists, else queued. */
  async request(articleId: number): Promise<RequestResult> {
    const a = await this.article(articleId);
    if (!a) return 'current';
    const hash = speechHash(this.textOf(a), this.engine.name);
    const have = await this.row(articleId);
    if (have?.status === 'ready' && have.hash === hash && have.fileName) {
      const exists = await fs.stat(path.join(voiceDir(this.dataDir), have.fileName)).then(() => true, () => false);
      if (exists) return 'current';
    }
    if (have && (have.status === 'pending' || have.status === 'working') && have.hash === hash) return this.queue.add(articleId) ? 'queued' : 'busy';
    if (this.queue.size >= this.config.queueMax) return 'busy';
    const now = formatDateTime();
    const values = { status: 'pending', hash, engine: this.engine.name, error: null, updateTime: now };
    if (have) await this.db.updateTable('article_voice').set(values).where('articleId', '=', articleId).execute();
    else await this.db.insertInto('article_voice').values({ articleId, ...values, createTime: now }).execute();
    return this.queue.add(articleId) ? 'queued' : 'busy';
  }

  /** Makes the audio of the article's current text (run by the queue, never on a request). */
  private async make(articleId: number, signal: AbortSignal): Promise<void> {
    const a = await this.article(articleId);
    if (!a) return;
    const text = this.textOf(a);
    const hash = speechHash(text, this.engine.name);
    await this.db.updateTable('article_voice').set({ status: 'working', hash, updateTime: formatDateTime() }).where('articleId', '=', articleId).execute();
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-voice-'));
    try {
      const chunks = speechChunks(text);
      const files: string[] = [];
      for (const [i, chunk] of chunks.entries()) {
        const file = path.join(work, `s${i}.audio`);
        await this.engine.speak(chunk, file, signal);
        files.push(file);
      }
      const out = path.join(work, 'out.mp3');
      await encodeChunks(files, work, out, { signal, timeoutMs: this.config.timeoutMs });
      const fileName = voiceFileName(articleId, hash);
      await fs.mkdir(voiceDir(this.dataDir), { recursive: true });
      await fs.copyFile(out, path.join(voiceDir(this.dataDir), fileName));
      const seconds = await audioSeconds(out);
      const bytes = (await fs.stat(out)).size;
      // The article may have changed while this one was made: the newer ask stays queued and wins.
      const now = await this.row(articleId);
      if (!now || now.hash !== hash) return;
      // The audio is beside the page before 'ready' is recorded, so whoever reads 'ready' finds its file; the
      // page links it once rendered again, and the older audio goes after that.
      const fresh = await this.article(articleId);
      if (fresh?.status === 5) await publishBeside(this.dataDir, siteRoot(this.dataDir), articleRelPath(fresh), fileName);
      await this.db
        .updateTable('article_voice')
        .set({ status: 'ready', fileName, durationMs: Math.round(seconds * 1000), bytes, chars: text.length, error: null, updateTime: formatDateTime() })
        .where('articleId', '=', articleId)
        .execute();
      if (fresh?.status === 5) await this.refreshPage(articleId);
      await removeVoiceFiles(this.dataDir, siteRoot(this.dataDir), articleId, fileName);
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  }

  private async fail(articleId: number, error: unknown): Promise<void> {
    this.log.error({ err: error, articleId }, 'read-aloud audio failed');
    const message = error instanceof Error ? error.message.slice(0, 500) : String(error);
    await this.db
      .updateTable('article_voice')
      .set({ status: 'failed', error: message, updateTime: formatDateTime() })
      .where('articleId', '=', articleId)
      .execute()
      .catch(() => undefined);
  }

  /** Removes the article's audio (row, master and published copies); true when there was any. */
  async remove(articleId: number): Promise<boolean> {
    const had = await this.row(articleId);
    await this.db.deleteFrom('article_voice').where('articleId', '=', articleId).execute();
    const files = await removeVoiceFiles(this.dataDir, siteRoot(this.dataDir), articleId);
    return Boolean(had) || files > 0;
  }

  /** Work left from a stopped instance: asks still pending or working are queued again. */
  async resume(): Promise<void> {
    const rows = await this.db.selectFrom('article_voice').select('articleId').where('status', 'in', ['pending', 'working']).limit(this.config.queueMax).execute();
    for (const r of rows) this.queue.add(r.articleId);
  }
}
