import svgCaptcha from 'svg-captcha';
import type { Db } from '../db/types.js';
import { formatDateTime, parseDateTime } from '../util/time.js';
import { sha256 } from './tokens.js';

export type CaptchaGenerator = () => { text: string; data: string };

export const defaultCaptchaGenerator: CaptchaGenerator = () =>
  svgCaptcha.create({ size: 4, ignoreChars: '0oO1iIlL', noise: 2, color: true, background: '#f4f6f8' });

const CAPTCHA_TTL_MS = 5 * 60_000;
export const CODE_ID_RE = /^[A-Za-z0-9_-]{8,64}$/;

const answerHash = (codeId: string, text: string) => sha256(`${codeId}:${text.trim().toLowerCase()}`);

/** Stores the answer (hashed, per codeId, replacing an earlier one) for five minutes. */
export async function storeCaptcha(db: Db, codeId: string, text: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('captchas').where('codeId', '=', codeId).execute();
    await trx
      .insertInto('captchas')
      .values({ codeId, answerHash: answerHash(codeId, text), expiresAt: formatDateTime(new Date(Date.now() + CAPTCHA_TTL_MS)) })
      .execute();
    // Housekeeping: expired answers are useless.
    await trx.deleteFrom('captchas').where('expiresAt', '<', formatDateTime()).execute();
  });
}

/** One attempt per captcha, right or wrong: the row is deleted before the answer is compared. */
export async function consumeCaptcha(db: Db, codeId: string, answer: string): Promise<boolean> {
  const row = (await db.selectFrom('captchas').selectAll().where('codeId', '=', codeId).executeTakeFirst()) as
    | { answerHash: string; expiresAt: string }
    | undefined;
  if (!row) return false;
  const deleted = await db.deleteFrom('captchas').where('codeId', '=', codeId).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) return false; // a concurrent attempt used it
  if (parseDateTime(row.expiresAt).getTime() < Date.now()) return false;
  return row.answerHash === answerHash(codeId, answer);
}
