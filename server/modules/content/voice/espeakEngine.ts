import { runChild } from './childProcess.js';
import type { SpeechEngine, VoiceConfig } from './engine.js';

/** The offline engine: Debian's espeak-ng with its Mandarin voice (`cmn`), writing WAV. */
export function espeakEngine(config: VoiceConfig): SpeechEngine {
  return {
    name: `espeak-ng:${config.voice}:${config.speed}`,
    // Text on stdin (never on the command line: no length limit, nothing in `ps`).
    speak: (text, outFile, signal) =>
      runChild('espeak-ng', ['-v', config.voice, '-s', String(config.speed), '-w', outFile, '--stdin'], { signal, timeoutMs: config.timeoutMs, input: text }),
  };
}
