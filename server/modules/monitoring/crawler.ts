import { Parser } from 'htmlparser2';
import type { PageSource } from './pageSources.js';

export interface CrawlOptions {
  startUrl: string;
  source: PageSource;
  /** Pages of the site read and parsed for links, at most. */
  maxPages: number;
  /** Requests at once. */
  concurrency: number;
  /** Pause between two requests to the same host. */
  perHostDelayMs: number;
  /** The whole crawl stops after this long; what was found so far is kept. */
  timeLimitMs: number;
  /** Also request off-site links (otherwise they are only listed). */
  checkExternal: boolean;
  /** Aborted when the server closes: the crawl stops at once and says so (`stopped`). */
  signal?: AbortSignal;
}

export interface LinkFinding {
  pageUrl: string;
  linkUrl: string;
  statusCode: number | null;
  error: string | null;
  external: boolean;
  broken: boolean;
  onHome: boolean;
}

export interface CrawlResult {
  pages: number;
  links: number;
  /** Links checked on pages other than the home page, for the broken share. */
  otherPageLinks: number;
  findings: LinkFinding[];
  timedOut: boolean;
  /** The server closed during the crawl (`signal`): the figures are partial and not to be recorded. */
  stopped?: boolean;
}

const LINK_ATTRS: Record<string, string> = { a: 'href', img: 'src', script: 'src', link: 'href', iframe: 'src', area: 'href' };

/** The links of a page, resolved against its URL, without fragments; mailto:, javascript: and the like skipped. */
export function extractLinks(html: string, pageUrl: URL): URL[] {
  const out = new Map<string, URL>();
  const parser = new Parser({
    onopentag(name, attrs) {
      const attr = LINK_ATTRS[name];
      const raw = attr ? attrs[attr]?.trim() : undefined;
      if (!raw || raw.startsWith('#') || /^(mailto|javascript|tel|data):/i.test(raw)) return;
      try {
        const url = new URL(raw, pageUrl);
        if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
        url.hash = '';
        out.set(url.href, url);
      } catch {
        // An unparsable href is not a link we can check.
      }
    },
  });
  parser.write(html);
  parser.end();
  return [...out.values()];
}

/**
 * Crawls the site from `startUrl`: every page of the same origin is read (up to `maxPages`) and each
 * link on it checked once; a link answering ≥ 400, timing out or unreachable is broken and reported
 * with the first page it is on. Off-site links are listed (and checked when `checkExternal`).
 */
export async function crawl(options: CrawlOptions): Promise<CrawlResult> {
  const start = new URL(options.startUrl);
  const deadline = Date.now() + options.timeLimitMs;
  const hostNext = new Map<string, number>();
  const status = new Map<string, Promise<{ statusCode: number | null; error: string | null; html: string | null }>>();
  const findings: LinkFinding[] = [];
  const queue: URL[] = [start];
  const seenPages = new Set<string>([start.href]);
  let pages = 0;
  let links = 0;
  let otherPageLinks = 0;
  let timedOut = false;
  let active = 0;
  const slots: (() => void)[] = [];

  const polite = async (host: string) => {
    for (;;) {
      const at = hostNext.get(host) ?? 0;
      const now = Date.now();
      if (at <= now) {
        hostNext.set(host, now + options.perHostDelayMs);
        return;
      }
      await new Promise((r) => setTimeout(r, at - now));
    }
  };
  const request = async (url: URL, withBody: boolean) => {
    while (active >= options.concurrency) await new Promise<void>((r) => slots.push(r));
    active += 1;
    try {
      await polite(url.host);
      if (options.signal?.aborted) return { statusCode: null, error: 'stopped', html: null };
      const res = await options.source.fetch(url, withBody);
      return res.status === null ? { statusCode: null, error: res.error, html: null } : { statusCode: res.status, error: null, html: res.html };
    } finally {
      active -= 1;
      slots.shift()?.();
    }
  };
  const check = (url: URL, withBody: boolean) => {
    let p = status.get(url.href);
    if (!p) {
      p = request(url, withBody);
      status.set(url.href, p);
    }
    return p;
  };

  const visit = async (page: URL) => {
    const res = await check(page, true);
    if (!res.html) return;
    pages += 1;
    const onHome = page.href === start.href;
    const found = extractLinks(res.html, page);
    await Promise.all(
      found.map(async (link) => {
        if (options.signal?.aborted) return;
        if (Date.now() > deadline) {
          timedOut = true;
          return;
        }
        const external = link.origin !== start.origin;
        links += 1;
        if (!onHome) otherPageLinks += 1;
        if (external && !options.checkExternal) {
          findings.push({ pageUrl: page.href, linkUrl: link.href, statusCode: null, error: null, external, broken: false, onHome });
          return;
        }
        const isPage = !external && !seenPages.has(link.href) && seenPages.size < options.maxPages;
        if (isPage) {
          seenPages.add(link.href);
          queue.push(link);
        }
        const r = await check(link, isPage);
        const broken = r.statusCode === null || r.statusCode >= 400;
        if (broken || external) findings.push({ pageUrl: page.href, linkUrl: link.href, statusCode: r.statusCode, error: r.error, external, broken, onHome });
      }),
    );
  };

  while (queue.length > 0) {
    if (options.signal?.aborted) break;
    if (Date.now() > deadline) {
      timedOut = true;
      break;
    }
    const batch = queue.splice(0, queue.length);
    await Promise.all(batch.map(visit));
  }
  // A broken link is reported once per page it is on; keep the list bounded.
  return { pages, links, otherPageLinks, findings: findings.slice(0, 2000), timedOut, ...(options.signal?.aborted ? { stopped: true } : {}) };
}
