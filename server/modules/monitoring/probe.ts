import http from 'node:http';
import https from 'node:https';
import type { TLSSocket } from 'node:tls';

export interface ProbeResult {
  ok: boolean;
  statusCode: number | null;
  responseMs: number;
  certExpireDays: number | null;
  keywordFound: boolean | null;
  message: string;
}

export interface ProbeOptions {
  /** Slower than this counts as unreachable (国办秘函〔2019〕19号: 15 s). */
  timeoutMs: number;
  keyword?: string | null;
  /** A certificate expiring within this many days makes the check fail. */
  certWarnDays?: number;
}

/** At most this much of a page is read for the keyword check. */
const MAX_BODY = 2 * 1024 * 1024;
const DAY_MS = 86_400_000;

/**
 * One availability check of `url`: a GET (no redirects followed) that must answer 2xx/3xx within
 * `timeoutMs`, contain the keyword when one is set, and (https) carry a valid certificate that does not
 * expire within `certWarnDays`. Never throws: a failure is a result with `ok: false` and a Chinese message.
 */
export function probe(url: string, options: ProbeOptions): Promise<ProbeResult> {
  const started = Date.now();
  const warnDays = options.certWarnDays ?? 7;
  return new Promise((resolve) => {
    let settled = false;
    let certExpireDays: number | null = null;
    let certProblem: string | null = null;
    const finish = (r: Omit<ProbeResult, 'responseMs' | 'certExpireDays'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve({ ...r, responseMs: Date.now() - started, certExpireDays });
    };
    let target: URL;
    try {
      target = new URL(url);
      if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error('protocol');
    } catch {
      resolve({ ok: false, statusCode: null, responseMs: 0, certExpireDays: null, keywordFound: null, message: '网址无效' });
      return;
    }
    const lib = target.protocol === 'https:' ? https : http;
    // Certificates are read, not enforced, so an invalid one is reported rather than hidden behind a TLS error.
    const req = lib.request(target, { method: 'GET', rejectUnauthorized: false, headers: { 'user-agent': 'PortalMonitor/1.0', accept: 'text/html,*/*' } });
    const timer = setTimeout(() => finish({ ok: false, statusCode: null, keywordFound: null, message: `响应超过${(options.timeoutMs / 1000).toFixed(1)}秒` }), options.timeoutMs);
    req.on('socket', (socket) => {
      socket.on('secureConnect', () => {
        const tls = socket as TLSSocket;
        const cert = tls.getPeerCertificate();
        if (cert?.valid_to) certExpireDays = Math.floor((Date.parse(cert.valid_to) - Date.now()) / DAY_MS);
        if (!tls.authorized) certProblem = `证书无效（${String(tls.authorizationError ?? '未知原因')}）`;
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => finish({ ok: false, statusCode: null, keywordFound: null, message: connectMessage(error) }));
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size < MAX_BODY) chunks.push(chunk);
        size += chunk.length;
      });
      res.on('error', () => finish({ ok: false, statusCode: status, keywordFound: null, message: '读取页面内容失败' }));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const keyword = options.keyword?.trim();
        const keywordFound = keyword ? body.includes(keyword) : null;
        const problems: string[] = [];
        if (status >= 400 || status < 200) problems.push(`HTTP状态码${status}`);
        if (keywordFound === false) problems.push(`页面未包含关键字“${keyword}”`);
        if (certProblem) problems.push(certProblem);
        if (certExpireDays !== null && certExpireDays < 0) problems.push('证书已过期');
        else if (certExpireDays !== null && certExpireDays <= warnDays) problems.push(`证书${certExpireDays}天后过期`);
        finish({ ok: problems.length === 0, statusCode: status, keywordFound, message: problems.length ? problems.join('；') : '正常' });
      });
    });
    req.end();
  });
}

function connectMessage(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return '无法连接（连接被拒绝）';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return '无法解析域名';
    case 'ECONNRESET':
      return '连接被重置';
    case 'ETIMEDOUT':
      return '连接超时';
    default:
      return `无法访问（${error.code ?? '网络错误'}）`;
  }
}
