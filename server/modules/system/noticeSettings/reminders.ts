import { NOTICE_EVENTS, OVERDUE_EVENTS } from '../../../../resources/noticeSetting.js';
import type { Db, Row } from '../../../db/types.js';
import { maskPhone } from '../../../shared/mask.js';

/**
 * Delivery of reminders configured by 消息提醒设置. A module raises an event with `dispatchReminder`
 * (e.g. the mailbox on a new letter: `dispatchReminder(db, 'MAIL_NEW', { title })`); every enabled
 * setting of that event resolves its recipients and sends through the configured channels:
 * 站内消息 through the in-app sender (the notices module of issue 5 installs one with
 * `setInAppSender`), 短信 through the SMS sender (`setSmsSender`; without a gateway it only logs).
 */

export type NoticeEvent = (typeof NOTICE_EVENTS)[number]['value'];

export interface Recipient {
  userId: number;
  name: string;
  mobile: string | null;
}

export interface ReminderMessage {
  /** Short title of the item (letter subject, article title …). */
  title: string;
  /** Longer in-app text; the event label and title when absent. */
  content?: string;
  /** Admin route that opens the item, e.g. /main/interact/LeaderMailbox. */
  link?: string;
  /** Days for {days}: days left before overdue, or days overdue. */
  days?: number;
}

export interface InAppSender {
  send(db: Db, recipients: readonly Recipient[], message: { title: string; content: string; link?: string; eventType: string }): Promise<void>;
}

export interface SmsSender {
  send(mobile: string, text: string): Promise<void>;
}

export type ReminderLogger = (line: string) => void;

let logLine: ReminderLogger = (line) => console.info(line);

/** Without an SMS gateway: the message is only written to the server log (number masked). */
export const logOnlySmsSender: SmsSender = {
  async send(mobile, text) {
    logLine(`[短信未发送：未配置短信网关] ${String(maskPhone(mobile))}：${text}`);
  },
};

/** Until the notices module installs its sender, in-app reminders are only logged. */
export const logOnlyInAppSender: InAppSender = {
  async send(_db, recipients, message) {
    logLine(`[站内消息未发送：未安装站内消息模块] ${recipients.map((r) => r.name).join('、')}：${message.title}`);
  },
};

let smsSender: SmsSender = logOnlySmsSender;
let inAppSender: InAppSender = logOnlyInAppSender;

export function setSmsSender(sender: SmsSender | null): void {
  smsSender = sender ?? logOnlySmsSender;
}
export function setInAppSender(sender: InAppSender | null): void {
  inAppSender = sender ?? logOnlyInAppSender;
}
export function setReminderLogger(logger: ReminderLogger | null): void {
  logLine = logger ?? ((line) => console.info(line));
}

export const eventLabel = (event: string) => NOTICE_EVENTS.find((e) => e.value === event)?.label ?? event;

/** `1,2,3` → [1,2,3]; anything that is not a positive integer is dropped. */
export function parseIds(text: unknown): number[] {
  const parts = Array.isArray(text) ? text : String(text ?? '').split(/[,，\s]+/);
  const ids = parts.map((p) => Number(String(p).trim())).filter((n) => Number.isSafeInteger(n) && n > 0);
  return [...new Set(ids)];
}

/** Enabled users the setting names: members of the roles (enabled roles only), the users, or the departments' users. */
export async function resolveRecipients(db: Db, setting: Row): Promise<Recipient[]> {
  const ids = parseIds(setting.receiverIds);
  if (ids.length === 0) return [];
  let q = db.selectFrom('users').select(['users.userId', 'users.name', 'users.mobile']).where('users.status', '=', 1);
  if (setting.receiverType === 'ROLE') {
    q = q
      .innerJoin('user_roles', 'user_roles.userId', 'users.userId')
      .innerJoin('roles', 'roles.roleId', 'user_roles.roleId')
      .where('roles.enabled', '=', 1)
      .where('user_roles.roleId', 'in', ids);
  } else if (setting.receiverType === 'DEPT') {
    q = q.where('users.deptId', 'in', ids);
  } else {
    q = q.where('users.userId', 'in', ids);
  }
  const rows = (await q.execute()) as { userId: number; name: string; mobile: string | null }[];
  const seen = new Map<number, Recipient>();
  for (const r of rows) seen.set(r.userId, { userId: r.userId, name: r.name, mobile: r.mobile ?? null });
  return [...seen.values()].sort((a, b) => a.userId - b.userId);
}

/**
 * For an item with a time limit, whether a reminder is due after `ageDays` days:
 * `overdue` from the limit on, `advance` from `overdueDays - advanceDays` on (when advanceDays > 0),
 * otherwise none. Events without a limit are always `new`.
 */
export function reminderStage(setting: Row, ageDays: number): 'new' | 'advance' | 'overdue' | null {
  if (!OVERDUE_EVENTS.includes(String(setting.eventType))) return 'new';
  const limit = Number(setting.overdueDays ?? 0);
  const advance = Number(setting.advanceDays ?? 0);
  if (limit <= 0) return null;
  if (ageDays >= limit) return 'overdue';
  if (advance > 0 && ageDays >= limit - advance) return 'advance';
  return null;
}

export const DEFAULT_SMS_TEMPLATE = '【{site}】您有一条{event}：{title}，请及时处理。';

export function smsText(setting: Row, message: ReminderMessage, siteName = '云溪县人民政府门户网站'): string {
  const template = typeof setting.smsTemplate === 'string' && setting.smsTemplate.trim() ? setting.smsTemplate : DEFAULT_SMS_TEMPLATE;
  return template
    .replaceAll('{site}', siteName)
    .replaceAll('{event}', eventLabel(String(setting.eventType)))
    .replaceAll('{title}', message.title)
    .replaceAll('{days}', message.days === undefined ? '' : String(message.days));
}

export interface DispatchResult {
  settingId: number;
  recipients: Recipient[];
  inApp: boolean;
  sms: number;
}

/**
 * Sends the reminders of every enabled setting of `event`. For overdue events pass `ageDays` (days since
 * the item arrived); a setting sends only when `reminderStage` says a reminder is due. A failing sender
 * is logged and does not stop the others.
 */
export async function dispatchReminder(db: Db, event: NoticeEvent, message: ReminderMessage, options: { ageDays?: number; settingId?: number } = {}): Promise<DispatchResult[]> {
  let query = db.selectFrom('notice_setting').selectAll().where('eventType', '=', event).where('status', '=', 1);
  // One setting only (the overdue sweep sends each setting's stage once).
  if (options.settingId !== undefined) query = query.where('id', '=', options.settingId);
  const settings = await query.orderBy('id', 'asc').execute();
  const results: DispatchResult[] = [];
  for (const setting of settings) {
    if (OVERDUE_EVENTS.includes(event) && (options.ageDays === undefined || reminderStage(setting, options.ageDays) === null)) continue;
    const recipients = await resolveRecipients(db, setting);
    if (recipients.length === 0) continue;
    const way = Number(setting.remindWay);
    const result: DispatchResult = { settingId: setting.id, recipients, inApp: false, sms: 0 };
    if (way === 1 || way === 3) {
      try {
        await inAppSender.send(db, recipients, { title: `${eventLabel(event)}：${message.title}`, content: message.content ?? message.title, link: message.link, eventType: event });
        result.inApp = true;
      } catch (error) {
        logLine(`[站内消息发送失败] ${String(error)}`);
      }
    }
    if (way === 2 || way === 3) {
      const text = smsText(setting, message);
      for (const r of recipients) {
        if (!r.mobile) continue;
        try {
          await smsSender.send(r.mobile, text);
          result.sms += 1;
        } catch (error) {
          logLine(`[短信发送失败] ${String(maskPhone(r.mobile))}：${String(error)}`);
        }
      }
    }
    results.push(result);
  }
  return results;
}
