import { createHash } from 'node:crypto';
import { plainText } from '../../../shared/text.js';
import { normaliseForSpeech } from './normalise.js';

/** Longest piece of text given to the engine at once: a few sentences (bounded work per child process). */
export const CHUNK_CHARS = 300;

/**
 * What is read for an article: its title, then the plain text of its body (tags, scripts and images
 * out; paragraph ends kept as sentence ends), capped at `maxChars` with a closing note.
 */
export function articleSpeechText(title: string, html: string, maxChars: number): string {
  const body = plainText(String(html ?? '').replace(/<\/(p|div|li|h[1-6]|tr)>|<br\s*\/?>/gi, '。'))
    .replace(/。\s*(?:。\s*)+/g, '。')
    .replace(/([。！？!?；;])\s*。/g, '$1')
    .replace(/^\s*。/, '');
  let text = `${title.trim()}。${body}`.replace(/\s+/g, ' ').trim();
  if (text.length > maxChars) text = `${text.slice(0, maxChars)}……全文较长，其余内容请阅读原文。`;
  return text;
}

/** The text's fingerprint: the same text (and engine) gives the same audio, so it is made once. */
export function speechHash(text: string, engine: string): string {
  return createHash('sha256').update(`${engine}\n${text}`).digest('hex').slice(0, 16);
}

/** Sentences: split after 。！？；!? and line ends; a very long sentence is cut at its commas. */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/(?<=[。！？!?；;…\n])/)) {
    const s = raw.trim();
    if (!s) continue;
    if (s.length <= CHUNK_CHARS) {
      out.push(s);
      continue;
    }
    let rest = s;
    while (rest.length > CHUNK_CHARS) {
      const cut = Math.max(rest.lastIndexOf('，', CHUNK_CHARS - 1), rest.lastIndexOf(',', CHUNK_CHARS - 1), rest.lastIndexOf('、', CHUNK_CHARS - 1));
      const at = cut > CHUNK_CHARS / 3 ? cut + 1 : CHUNK_CHARS;
      out.push(rest.slice(0, at));
      rest = rest.slice(at);
    }
    if (rest.trim()) out.push(rest.trim());
  }
  return out;
}

/** Sentences normalised for listening and packed into chunks of at most CHUNK_CHARS characters. */
export function speechChunks(text: string): string[] {
  const chunks: string[] = [];
  let current = '';
  // Spelled-out numbers make a sentence longer: cut it again after normalising.
  for (const spoken of splitSentences(text).flatMap((s) => splitSentences(normaliseForSpeech(s)))) {
    if (current && current.length + spoken.length > CHUNK_CHARS) {
      chunks.push(current);
      current = '';
    }
    current += spoken;
  }
  if (current) chunks.push(current);
  return chunks;
}
