import fs from 'node:fs/promises';
import path from 'node:path';
import { PortalError } from '../http/errors.js';

/**
 * Confinement of user-given relative paths inside a base directory (templates, uploads, generated
 * pages). Every file path built from a request goes through here; nothing else joins user text to a
 * directory. Refused: non-strings, NUL and other control characters, backslashes, absolute paths
 * (`/…`, `C:…`), `..` segments, percent-encoded sequences (`%2F`, `%2e`: a decoded path never needs
 * them), overlong paths, and symbolic links whose target lies outside the base (or does not exist).
 * A refusal is `1002 非法的文件路径` and touches nothing.
 */

export const ILLEGAL_PATH_MESSAGE = '非法的文件路径';
const MAX_PATH_LENGTH = 1024;
const MAX_SEGMENT_LENGTH = 255;

export class IllegalPathError extends PortalError {
  constructor(readonly reason: string) {
    super(1002, ILLEGAL_PATH_MESSAGE);
    this.name = 'IllegalPathError';
  }
}

/**
 * The lexical check: answers the path's segments without `.` and empty ones (`[]` = the base itself).
 * Pure: touches no file.
 */
export function pathSegments(input: unknown): string[] {
  if (typeof input !== 'string') throw new IllegalPathError('not a string');
  if (input.length > MAX_PATH_LENGTH) throw new IllegalPathError('too long');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(input)) throw new IllegalPathError('control character');
  if (input.includes('\\')) throw new IllegalPathError('backslash');
  if (input.startsWith('/')) throw new IllegalPathError('absolute');
  if (/^[A-Za-z]:/.test(input)) throw new IllegalPathError('drive letter');
  if (/%[0-9A-Fa-f]{2}/.test(input)) throw new IllegalPathError('percent-encoded');
  const segments = input.split('/').filter((s) => s !== '' && s !== '.');
  for (const s of segments) {
    if (s === '..') throw new IllegalPathError('parent segment');
    if (s.length > MAX_SEGMENT_LENGTH) throw new IllegalPathError('segment too long');
  }
  return segments;
}

/** `a/b/c` form of a user path, `''` for the base. */
export function normaliseRelative(input: unknown): string {
  return pathSegments(input).join('/');
}

/** True when `target` is `base` or below it (both absolute and normalised). */
export function isInside(base: string, target: string): boolean {
  const rel = path.relative(base, target);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Lexical confinement only: the absolute path of `input` below `base`. Use `confine` before touching files. */
export function confineLexically(base: string, input: unknown): string {
  const absBase = path.resolve(base);
  const target = path.join(absBase, ...pathSegments(input));
  if (!isInside(absBase, target)) throw new IllegalPathError('outside');
  return target;
}

export interface ConfinedPath {
  /** Normalised relative path (`a/b.html`; `''` for the base). */
  relative: string;
  /** Absolute path below the real (symlink-free) base; existing parts are resolved to their real location. */
  absolute: string;
  /** The real path of the base directory. */
  base: string;
  /** Whether the whole path exists. */
  exists: boolean;
}

function isErrno(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

/**
 * Resolves `input` below `base`, following each existing component: a symbolic link is accepted only
 * when its real target is inside the base; a dangling link is refused (writing through it could
 * create a file anywhere). The part that does not exist yet is appended lexically.
 */
export async function confine(base: string, input: unknown): Promise<ConfinedPath> {
  const segments = pathSegments(input);
  const realBase = await fs.realpath(path.resolve(base));
  let current = realBase;
  for (const [i, segment] of segments.entries()) {
    const candidate = path.join(current, segment);
    let stat;
    try {
      stat = await fs.lstat(candidate);
    } catch (error) {
      if (isErrno(error, 'ENOENT')) {
        const absolute = path.join(current, ...segments.slice(i));
        if (!isInside(realBase, absolute)) throw new IllegalPathError('outside');
        return { relative: segments.join('/'), absolute, base: realBase, exists: false };
      }
      if (isErrno(error, 'ENOTDIR')) throw new IllegalPathError('not a directory');
      throw error;
    }
    if (stat.isSymbolicLink()) {
      let real: string;
      try {
        real = await fs.realpath(candidate);
      } catch {
        throw new IllegalPathError('dangling link');
      }
      if (!isInside(realBase, real)) throw new IllegalPathError('link outside');
      current = real;
    } else {
      current = candidate;
    }
    if (i < segments.length - 1 && !stat.isSymbolicLink() && !stat.isDirectory()) {
      throw new IllegalPathError('not a directory');
    }
  }
  return { relative: segments.join('/'), absolute: current, base: realBase, exists: true };
}
