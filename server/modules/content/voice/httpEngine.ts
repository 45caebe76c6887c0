import fs from 'node:fs/promises';
import type { SpeechEngine, VoiceConfig } from './engine.js';

/**
 * A cloud engine behind a small HTTP contract (docs/voice.md "Engines"): POST JSON
 * `{ text, voice, format: "mp3" }` to TTS_HTTP_URL with `Authorization: Bearer TTS_HTTP_TOKEN`; the
 * answer's body is the audio (any format ffmpeg reads). A county's gateway adapts its vendor to this.
 */
export function httpEngine(config: VoiceConfig): SpeechEngine {
  return {
    name: `http:${new URL(config.httpUrl).host}:${config.voice}`,
    async speak(text, outFile, signal) {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (config.httpToken) headers.Authorization = `Bearer ${config.httpToken}`;
      const res = await fetch(config.httpUrl, {
        method: 'POST',
        headers,
        body: JSON.stringify({ text, voice: config.voice, format: 'mp3' }),
        signal: AbortSignal.any([signal, AbortSignal.timeout(config.timeoutMs)]),
      });
      if (!res.ok) throw new Error(`speech service answered HTTP ${res.status}`);
      const type = res.headers.get('content-type') ?? '';
      if (!/^audio\/|^application\/octet-stream/.test(type)) throw new Error(`speech service answered ${type || 'no content type'}, not audio`);
      await fs.writeFile(outFile, Buffer.from(await res.arrayBuffer()));
    },
  };
}
