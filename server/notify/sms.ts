import type { Db } from '../db/types.js';
import { formatDateTime } from '../util/time.js';

/**
 * The pluggable SMS sender. `SMS_GATEWAY_URL` set: each message is POSTed there as JSON
 * `{ phone, content, bizType, bizId }` (a 2xx answer counts as sent). Unset: nothing leaves the server;
 * the message is written to the server log and to `sms_log` with status `logged`. Every attempt,
 * sent, failed or logged, is recorded in `sms_log`.
 */
export interface SmsMessage {
  phone: string;
  content: string;
  /** What the message is about, e.g. `apply-reminder`, and the record's id. */
  bizType?: string;
  bizId?: number;
}

export type SmsStatus = 'sent' | 'failed' | 'logged';

export interface SmsSender {
  readonly name: string;
  send(message: SmsMessage): Promise<SmsStatus>;
}

export interface SmsLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

async function record(db: Db, m: SmsMessage, status: SmsStatus, error?: string) {
  await db
    .insertInto('sms_log')
    .values({ phone: m.phone, content: m.content, status, bizType: m.bizType ?? null, bizId: m.bizId ?? null, error: error ?? null, createTime: formatDateTime() })
    .execute();
}

/** Logs only: the default when no gateway is configured. */
export function logOnlySmsSender(db: Db, log: SmsLogger): SmsSender {
  return {
    name: 'log',
    async send(m) {
      log.info({ sms: { phone: m.phone, content: m.content, bizType: m.bizType, bizId: m.bizId } }, 'SMS not sent (SMS_GATEWAY_URL unset): logged only');
      await record(db, m, 'logged');
      return 'logged';
    },
  };
}

/** POSTs to an HTTP gateway (timeout 5 s); a failure is logged and recorded, never thrown. */
export function httpSmsSender(db: Db, log: SmsLogger, url: string, fetchImpl: typeof fetch = fetch): SmsSender {
  return {
    name: 'http',
    async send(m) {
      try {
        const res = await fetchImpl(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ phone: m.phone, content: m.content, bizType: m.bizType, bizId: m.bizId }),
          signal: AbortSignal.timeout(5000),
        });
        if (!res.ok) throw new Error(`gateway answered ${res.status}`);
        await record(db, m, 'sent');
        return 'sent';
      } catch (error) {
        log.warn({ err: error, phone: m.phone }, 'SMS gateway failed');
        await record(db, m, 'failed', String((error as Error).message ?? error).slice(0, 500));
        return 'failed';
      }
    },
  };
}

/** The sender for this installation, chosen by `SMS_GATEWAY_URL`. */
export function createSmsSender(db: Db, log: SmsLogger, env: Record<string, string | undefined> = process.env): SmsSender {
  const url = env.SMS_GATEWAY_URL?.trim();
  return url ? httpSmsSender(db, log, url) : logOnlySmsSender(db, log);
}
