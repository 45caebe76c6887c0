import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { runChild } from './childProcess.js';

const execFileP = promisify(execFile);

/**
 * MP3 (mono, 48 kbit/s): the one format every browser plays (Safari and old Chromium included); speech
 * needs no more. The chunks are joined with ffmpeg's concat demuxer after each is made a 22.05 kHz mono
 * WAV (espeak-ng writes that already; a cloud engine's MP3 is converted first).
 */
export async function encodeChunks(chunks: string[], workDir: string, outFile: string, opts: { signal: AbortSignal; timeoutMs: number }): Promise<void> {
  const wavs: string[] = [];
  for (const [i, file] of chunks.entries()) {
    const head = Buffer.alloc(4);
    const fh = await fs.open(file, 'r');
    await fh.read(head, 0, 4, 0).finally(() => fh.close());
    if (head.toString('latin1') === 'RIFF') {
      wavs.push(file);
      continue;
    }
    const wav = path.join(workDir, `c${i}.wav`);
    await runChild('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-i', file, '-ar', '22050', '-ac', '1', '-c:a', 'pcm_s16le', wav], opts);
    wavs.push(wav);
  }
  const list = path.join(workDir, 'list.txt');
  await fs.writeFile(list, wavs.map((w) => `file '${w.replace(/'/g, "'\\''")}'`).join('\n'));
  await runChild('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list, '-ar', '22050', '-ac', '1', '-c:a', 'libmp3lame', '-b:a', '48k', outFile], opts);
}

/** The duration of an audio file in seconds (ffprobe), 0 when unknown. */
export async function audioSeconds(file: string): Promise<number> {
  try {
    const { stdout } = await execFileP('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', file], { timeout: 30_000 });
    const n = Number(stdout.trim());
    return Number.isFinite(n) ? n : 0;
  } catch {
    return 0;
  }
}
