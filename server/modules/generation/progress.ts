import { PortalError } from '../../http/errors.js';
import { formatDateTime } from '../../util/time.js';

/** The state of the latest background generation of this instance (GET /api/generate/progress). */
export interface GenerationStatus {
  kind: 'site' | 'articles';
  running: boolean;
  done: number;
  total: number;
  startedAt: string;
  finishedAt: string | null;
  pages: number;
  /** The first 100 written paths. */
  paths: string[];
  error: string | null;
}

const MAX_PATHS = 100;

/**
 * Long generations run in the background so the screen can show done/total: one at a time per instance
 * (a full-site run is also serialised across instances by its lease).
 */
export class GenerationJobs {
  private current: GenerationStatus | null = null;

  status(): GenerationStatus | null {
    return this.current ? { ...this.current, paths: [...this.current.paths] } : null;
  }

  start(kind: GenerationStatus['kind'], work: (progress: (done: number, total: number, paths?: string[]) => void) => Promise<number>, log: (error: unknown) => void): GenerationStatus {
    if (this.current?.running) throw new PortalError(1005, '已有生成任务正在进行，请等待完成');
    const s: GenerationStatus = { kind, running: true, done: 0, total: 0, startedAt: formatDateTime(), finishedAt: null, pages: 0, paths: [], error: null };
    this.current = s;
    const progress = (done: number, total: number, paths?: string[]) => {
      s.done = done;
      s.total = total;
      if (paths && s.paths.length < MAX_PATHS) s.paths.push(...paths.slice(0, MAX_PATHS - s.paths.length));
    };
    void work(progress).then(
      (pages) => {
        s.pages = pages;
        s.running = false;
        s.finishedAt = formatDateTime();
      },
      (error: unknown) => {
        log(error);
        s.error = error instanceof PortalError ? error.message : '生成失败，请查看服务器日志';
        s.running = false;
        s.finishedAt = formatDateTime();
      },
    );
    return { ...s };
  }
}
