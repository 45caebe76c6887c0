/**
 * The pluggable sender to the higher-level intensive platform (集约化平台). `INTERWORKING_ENDPOINT`
 * set: each item is POSTed there as JSON (token from `INTERWORKING_TOKEN` as a Bearer header; a 2xx
 * answer counts as received). Unset: nothing leaves the server; the item is logged and kept as 仅记录.
 */
export interface InterworkingItem {
  id: number;
  kind: string;
  title: string;
  sourceId: number | null;
  payload: Record<string, unknown>;
}

export interface SendResult {
  /** 1 已报送, 2 报送失败, 3 仅记录 (resources/interWorking.ts). */
  status: 1 | 2 | 3;
  result: string;
}

export interface InterworkingSender {
  readonly name: string;
  send(item: InterworkingItem): Promise<SendResult>;
}

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export function logOnlySender(log: Logger): InterworkingSender {
  return {
    name: 'log',
    async send(item) {
      log.info({ interworking: { id: item.id, kind: item.kind, title: item.title } }, 'interworking item not sent (INTERWORKING_ENDPOINT unset): logged only');
      return { status: 3, result: '未配置集约化平台地址，仅记录' };
    },
  };
}

export function httpSender(log: Logger, url: string, token: string | undefined, fetchImpl: typeof fetch = fetch): InterworkingSender {
  return {
    name: 'http',
    async send(item) {
      try {
        const headers: Record<string, string> = { 'Content-Type': 'application/json' };
        if (token) headers.Authorization = `Bearer ${token}`;
        const res = await fetchImpl(url, {
          method: 'POST',
          headers,
          body: JSON.stringify({ id: item.id, kind: item.kind, title: item.title, sourceId: item.sourceId, data: item.payload, site: '云溪县人民政府门户网站' }),
          signal: AbortSignal.timeout(10_000),
        });
        const text = (await res.text()).slice(0, 200);
        if (!res.ok) return { status: 2, result: `平台返回 HTTP ${res.status}` };
        return { status: 1, result: text || `HTTP ${res.status}` };
      } catch (error) {
        log.warn({ err: error, id: item.id }, 'interworking send failed');
        return { status: 2, result: `发送失败：${String((error as Error).message ?? error).slice(0, 150)}` };
      }
    },
  };
}

/** The sender of this installation, chosen by the environment. */
export function createInterworkingSender(log: Logger, env: Record<string, string | undefined> = process.env): InterworkingSender {
  const url = env.INTERWORKING_ENDPOINT?.trim();
  return url ? httpSender(log, url, env.INTERWORKING_TOKEN?.trim() || undefined) : logOnlySender(log);
}
