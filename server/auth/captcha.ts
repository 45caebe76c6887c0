import type { Db } from '../db/types.js';
import { captchaText, drawCaptcha } from './captchaImage.js';
import { formatDateTime, parseDateTime } from '../util/time.js';
import { sha256 } from './tokens.js';

/** The answer and the image to show; `type` is the image's media type (tests may draw an SVG). */
export type CaptchaGenerator = () => { text: string; data: string | Buffer; type?: string };

/** A distorted PNG (captchaImage.ts): a script cannot read the letters off it as it could off an SVG. */
export const defaultCaptchaGenerator: CaptchaGenerator = () => {
  const text = captchaText();
  return { text, data: drawCaptcha(text), type: 'image/png' };
};

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
