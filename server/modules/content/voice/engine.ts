import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { espeakEngine } from './espeakEngine.js';
import { httpEngine } from './httpEngine.js';

/**
 * The speech engine adapter (docs/voice.md "Engines"): turns one chunk of normalised Chinese text
 * (at most a few sentences) into an audio file that ffmpeg can read. The portal splits, normalises,
 * queues, joins, encodes, stores and publishes; an engine only speaks. The default is the offline
 * espeak-ng; a county plugs a cloud service by configuration (`TTS_ENGINE=http` or a module).
 */
export interface SpeechEngine {
  /** Recorded with the audio: another engine (or voice) gives new audio on the next publication. */
  readonly name: string;
  /** Writes the audio of `text` to `outFile` (any format ffmpeg reads: WAV, MP3, PCM in WAV …). */
  speak(text: string, outFile: string, signal: AbortSignal): Promise<void>;
}

export interface VoiceConfig {
  engine: string;
  /** espeak-ng voice (`cmn`, Mandarin) and speed in words per minute. */
  voice: string;
  speed: number;
  /** Cloud engine: POST { text, voice, format } → audio bytes; bearer token never logged. */
  httpUrl: string;
  httpToken: string;
  /** Work at once (child processes) and waiting articles; more are refused until the queue drains. */
  concurrency: number;
  queueMax: number;
  /** Longest text read (characters, title included); the rest is left to the page. */
  maxChars: number;
  /** One engine call or the encoding may take this long before it is stopped. */
  timeoutMs: number;
}

const intOr = (v: string | undefined, d: number, min: number, max: number) => {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isFinite(n) ? Math.min(max, Math.max(min, Math.round(n))) : d;
};

export function voiceConfig(env: NodeJS.ProcessEnv = process.env): VoiceConfig {
  return {
    engine: (env.TTS_ENGINE ?? '').trim() || 'espeak',
    voice: (env.TTS_VOICE ?? '').trim() || 'cmn',
    speed: intOr(env.TTS_SPEED, 170, 80, 400),
    httpUrl: (env.TTS_HTTP_URL ?? '').trim(),
    httpToken: env.TTS_HTTP_TOKEN ?? '',
    concurrency: intOr(env.TTS_CONCURRENCY, 1, 1, 8),
    queueMax: intOr(env.TTS_QUEUE_MAX, 200, 1, 10_000),
    maxChars: intOr(env.TTS_MAX_CHARS, 20_000, 100, 200_000),
    timeoutMs: intOr(env.TTS_TIMEOUT_MS, 120_000, 1000, 3_600_000),
  };
}

/**
 * The configured engine: `espeak` (default), `http` (needs TTS_HTTP_URL), or `module:/abs/path.js`
 * whose default export is `(config) => SpeechEngine` (a cloud SDK wrapped by the county).
 */
export async function createEngine(config: VoiceConfig): Promise<SpeechEngine> {
  if (config.engine === 'espeak') return espeakEngine(config);
  if (config.engine === 'http') {
    if (!config.httpUrl) throw new Error('TTS_ENGINE=http needs TTS_HTTP_URL');
    return httpEngine(config);
  }
  if (config.engine.startsWith('module:')) {
    const file = path.resolve(config.engine.slice('module:'.length));
    const mod = (await import(pathToFileURL(file).href)) as { default?: (c: VoiceConfig) => SpeechEngine | Promise<SpeechEngine> };
    if (typeof mod.default !== 'function') throw new Error(`${file}: the default export must be (config) => SpeechEngine`);
    return mod.default(config);
  }
  throw new Error(`TTS_ENGINE: unknown engine "${config.engine}" (espeak, http or module:/path.js)`);
}
