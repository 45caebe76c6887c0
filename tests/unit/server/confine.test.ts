import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confine, confineLexically, IllegalPathError, isInside, normaliseRelative, pathSegments } from '../../../server/files/confine.js';

let tmp: string;
let base: string;
let outside: string;

beforeAll(async () => {
  tmp = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'confine-')));
  base = path.join(tmp, 'base');
  outside = path.join(tmp, 'outside');
  await fs.mkdir(path.join(base, 'skin', 'include'), { recursive: true });
  await fs.mkdir(outside, { recursive: true });
  await fs.writeFile(path.join(base, 'skin', 'index.html'), 'in');
  await fs.writeFile(path.join(outside, 'secret.txt'), 'secret');
  await fs.symlink(outside, path.join(base, 'toOutside'));
  await fs.symlink(path.join(outside, 'secret.txt'), path.join(base, 'skin', 'secret.html'));
  await fs.symlink(path.join(base, 'skin'), path.join(base, 'alias'));
  await fs.symlink(path.join(tmp, 'nowhere', 'x.html'), path.join(base, 'skin', 'dangling.html'));
});
afterAll(async () => {
  await fs.rm(tmp, { recursive: true, force: true });
});

const refused = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(IllegalPathError);
    expect((error as IllegalPathError).code).toBe(1002);
    expect((error as IllegalPathError).message).toBe('非法的文件路径');
    return;
  }
  throw new Error('expected a refusal');
};

describe('pathSegments (lexical)', () => {
  it('normalises ordinary paths', () => {
    expect(pathSegments('default/index.html')).toEqual(['default', 'index.html']);
    expect(pathSegments('./default//include/./header.html')).toEqual(['default', 'include', 'header.html']);
    expect(pathSegments('')).toEqual([]);
    expect(pathSegments('.')).toEqual([]);
    expect(normaliseRelative('a/b/')).toBe('a/b');
    expect(pathSegments('中文目录/首页.html')).toEqual(['中文目录', '首页.html']);
    expect(pathSegments('a..b/..c')).toEqual(['a..b', '..c']);
  });

  it.each([
    ['../etc/passwd'],
    ['default/../../etc/passwd'],
    ['default/..'],
    ['..'],
    ['/etc/passwd'],
    ['/'],
    ['C:/Windows/win.ini'],
    ['c:evil'],
    ['default\\..\\..\\x'],
    ['a\u0000.html'],
    ['a\nb'],
    ['..%2F..%2Fetc%2Fpasswd'],
    ['%2e%2e/x'],
  ])('refuses %j', (input) => {
    refused(() => pathSegments(input));
  });

  it('refuses non-strings and overlong paths', () => {
    for (const v of [undefined, null, 5, ['a'], { a: 1 }]) refused(() => pathSegments(v));
    refused(() => pathSegments('a/'.repeat(600)));
    refused(() => pathSegments('x'.repeat(256)));
  });
});

describe('isInside / confineLexically', () => {
  it('tells inside from outside, including sibling prefixes', () => {
    expect(isInside('/data/templates', '/data/templates')).toBe(true);
    expect(isInside('/data/templates', '/data/templates/a/b')).toBe(true);
    expect(isInside('/data/templates', '/data/templates2/a')).toBe(false);
    expect(isInside('/data/templates', '/data')).toBe(false);
    expect(confineLexically('/data/templates', 'a/b.html')).toBe(path.join('/data/templates', 'a', 'b.html'));
    refused(() => confineLexically('/data/templates', '../templates2/a'));
  });
});

describe('confine (on disk)', () => {
  it('resolves existing and new paths inside the base', async () => {
    const existing = await confine(base, 'skin/index.html');
    expect(existing).toMatchObject({ relative: 'skin/index.html', exists: true, absolute: path.join(base, 'skin', 'index.html') });
    const fresh = await confine(base, 'skin/new/page.html');
    expect(fresh).toMatchObject({ exists: false, absolute: path.join(base, 'skin', 'new', 'page.html') });
    expect((await confine(base, '')).absolute).toBe(base);
  });

  it('follows a link whose target stays inside', async () => {
    const r = await confine(base, 'alias/index.html');
    expect(r.absolute).toBe(path.join(base, 'skin', 'index.html'));
    expect(r.exists).toBe(true);
  });

  it('refuses links out of the base, dangling links and paths through files', async () => {
    for (const p of ['toOutside', 'toOutside/secret.txt', 'toOutside/new.html', 'skin/secret.html', 'skin/dangling.html', 'skin/index.html/x']) {
      await expect(confine(base, p)).rejects.toBeInstanceOf(IllegalPathError);
    }
  });

  it('refuses the lexical attacks before touching the disk', async () => {
    for (const p of ['../outside/secret.txt', '/etc/passwd', 'skin/\u0000x', 'skin\\x', '..%2Foutside']) {
      await expect(confine(base, p)).rejects.toMatchObject({ code: 1002, message: '非法的文件路径' });
    }
  });

  it('works when the base itself is reached through a link', async () => {
    const linkedBase = path.join(tmp, 'linkedBase');
    await fs.symlink(base, linkedBase);
    const r = await confine(linkedBase, 'skin/index.html');
    expect(r.absolute).toBe(path.join(base, 'skin', 'index.html'));
    await expect(confine(linkedBase, 'toOutside')).rejects.toBeInstanceOf(IllegalPathError);
  });
});
