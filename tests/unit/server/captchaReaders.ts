import zlib from 'node:zlib';
import { CAPTCHA_ALPHABET, CAPTCHA_FONT_SIZE, CAPTCHA_STEP, CAPTCHA_WIDTH } from '../../../server/auth/captchaImage.js';
import { fillPolygons, glyphPolygons, type Polygon } from '../../../server/auth/glyphRaster.js';

/**
 * Two scripted attacks on the captcha (issue 14), as an attacker who has the font (it ships in
 * node_modules) and knows the layout would write them:
 * - readSlots: dark pixels, specks removed, each of the four nominal slots cropped and matched
 *   against the attacker's own rendering of every letter at five angles;
 * - readSmart: also drops thin strokes (a crossing line), mends thin cuts by closing, takes connected
 *   blobs of ink as letters and cuts the widest blobs in equal parts when letters touch.
 */
export type Template = { ch: string; bits: Uint8Array };

interface Gray {
  width: number;
  height: number;
  ink: Uint8Array;
}

export function decodePng(png: Buffer): { width: number; height: number; rgb: Uint8Array } {
  let off = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (off < png.length) {
    const len = png.readUInt32BE(off);
    const type = png.toString('latin1', off + 4, off + 8);
    const body = png.subarray(off + 8, off + 8 + len);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[9] !== 2) throw new Error('not an RGB PNG');
    }
    if (type === 'IDAT') idat.push(body);
    off += 12 + len;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * 3;
  const rgb = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const v = raw[y * (stride + 1) + 1 + x] as number;
      const left = x >= 3 ? (rgb[y * stride + x - 3] as number) : 0;
      const up = y > 0 ? (rgb[(y - 1) * stride + x] as number) : 0;
      const upLeft = x >= 3 && y > 0 ? (rgb[(y - 1) * stride + x - 3] as number) : 0;
      const p = left + up - upLeft;
      const paeth = Math.abs(p - left) <= Math.abs(p - up) && Math.abs(p - left) <= Math.abs(p - upLeft) ? left : Math.abs(p - up) <= Math.abs(p - upLeft) ? up : upLeft;
      const pred = filter === 1 ? left : filter === 2 ? up : filter === 3 ? (left + up) >> 1 : filter === 4 ? paeth : 0;
      rgb[y * stride + x] = (v + pred) & 255;
    }
  }
  return { width, height, rgb };
}

/** Ink = dark pixels; specks smaller than 12 pixels (the dots) are removed. */
function binarize(png: Buffer): Gray {
  const { width, height, rgb } = decodePng(png);
  const ink = new Uint8Array(width * height);
  for (let i = 0; i < width * height; i++) ink[i] = Math.max(rgb[i * 3] as number, rgb[i * 3 + 1] as number, rgb[i * 3 + 2] as number) < 150 ? 1 : 0;
  const seen = new Uint8Array(width * height);
  for (let i = 0; i < ink.length; i++) {
    if (!ink[i] || seen[i]) continue;
    const stack = [i];
    const comp: number[] = [];
    seen[i] = 1;
    while (stack.length) {
      const p = stack.pop() as number;
      comp.push(p);
      const x = p % width;
      for (const q of [p - 1, p + 1, p - width, p + width]) {
        if (q < 0 || q >= ink.length || seen[q] || !ink[q] || (q === p - 1 && x === 0) || (q === p + 1 && x === width - 1)) continue;
        seen[q] = 1;
        stack.push(q);
      }
    }
    if (comp.length < 12) for (const p of comp) ink[p] = 0;
  }
  return { width, height, ink };
}

const N = 16;
/** The ink inside a box, cropped to its bounds and resampled to N × N. */
function sample(g: Gray, x0: number, x1: number): Uint8Array | null {
  let minX = Infinity, maxX = -1, minY = Infinity, maxY = -1;
  for (let y = 0; y < g.height; y++) for (let x = Math.max(0, x0); x < Math.min(g.width, x1); x++) {
    if (!g.ink[y * g.width + x]) continue;
    minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  if (maxX < 0) return null;
  const out = new Uint8Array(N * N);
  for (let v = 0; v < N; v++) for (let u = 0; u < N; u++) {
    const x = Math.floor(minX + ((u + 0.5) * (maxX - minX + 1)) / N);
    const y = Math.floor(minY + ((v + 0.5) * (maxY - minY + 1)) / N);
    out[v * N + u] = g.ink[y * g.width + x] as number;
  }
  return out;
}

/** The reader's own rendering of each letter, at a few angles. */
export function templates(): Template[] {
  const out: Template[] = [];
  for (const ch of CAPTCHA_ALPHABET) {
    for (const angle of [-0.3, -0.15, 0, 0.15, 0.3]) {
      const { polygons } = glyphPolygons(ch, CAPTCHA_FONT_SIZE);
      const w = 120, h = 120;
      const cos = Math.cos(angle), sin = Math.sin(angle);
      const placed: Polygon[] = polygons.map((p) => p.map(([x, y]) => [60 + (x - 25) * cos - (y + 28) * sin, 60 + (x - 25) * sin + (y + 28) * cos]));
      const image = { width: w, height: h, data: new Uint8Array(w * h * 3).fill(255) };
      fillPolygons(image, placed, [0, 0, 0]);
      const ink = new Uint8Array(w * h);
      for (let i = 0; i < w * h; i++) ink[i] = image.data[i * 3] === 0 ? 1 : 0;
      const bits = sample({ width: w, height: h, ink }, 0, w);
      if (bits) out.push({ ch, bits });
    }
  }
  return out;
}

export function readSlots(png: Buffer, tpl: Template[]): string {
  const g = binarize(png);
  let text = '';
  // The layout it knows: four letters CAPTCHA_STEP apart, centred.
  const first = (CAPTCHA_WIDTH - 3 * CAPTCHA_STEP) / 2;
  for (let i = 0; i < 4; i++) {
    const centre = first + i * CAPTCHA_STEP;
    const bits = sample(g, centre - CAPTCHA_STEP / 2, centre + CAPTCHA_STEP / 2);
    if (!bits) {
      text += '?';
      continue;
    }
    text += bestMatch(bits, tpl);
  }
  return text;
}

/** Drops vertical runs of ink up to `longest` pixels: a thin crossing line goes, letter strokes stay. */
function dropThinStrokes(g: Gray, longest: number): void {
  const { width, height, ink } = g;
  for (let x = 0; x < width; x++) {
    let y = 0;
    while (y < height) {
      if (!ink[y * width + x]) {
        y++;
        continue;
      }
      let end = y;
      while (end < height && ink[end * width + x]) end++;
      if (end - y <= longest) for (let k = y; k < end; k++) ink[k * width + x] = 0;
      y = end;
    }
  }
}

/** Dilates or erodes by a square of side 2r + 1. */
function morph(g: Gray, r: number, dilate: boolean): Uint8Array {
  const { width, height, ink } = g;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let hit = !dilate;
      for (let dy = -r; dy <= r && hit !== dilate; dy++) {
        for (let dx = -r; dx <= r && hit !== dilate; dx++) {
          const yy = y + dy;
          const xx = x + dx;
          if (yy < 0 || yy >= height || xx < 0 || xx >= width) continue;
          if (dilate ? ink[yy * width + xx] : !ink[yy * width + xx]) hit = dilate;
        }
      }
      out[y * width + x] = hit ? 1 : 0;
    }
  }
  return out;
}

interface Piece {
  pts: number[];
  x0: number;
  x1: number;
}

/** Connected blobs of ink (4-neighbours), with their horizontal extent. */
function blobs(g: Gray, minSize: number): Piece[] {
  const { width, ink } = g;
  const seen = new Uint8Array(ink.length);
  const out: Piece[] = [];
  for (let i = 0; i < ink.length; i++) {
    if (!ink[i] || seen[i]) continue;
    const stack = [i];
    const pts: number[] = [];
    seen[i] = 1;
    let x0 = Infinity;
    let x1 = -Infinity;
    while (stack.length) {
      const p = stack.pop() as number;
      pts.push(p);
      const x = p % width;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x + 1);
      for (const q of [p - 1, p + 1, p - width, p + width]) {
        if (q < 0 || q >= ink.length || seen[q] || !ink[q] || (q === p - 1 && x === 0) || (q === p + 1 && x === width - 1)) continue;
        seen[q] = 1;
        stack.push(q);
      }
    }
    if (pts.length >= minSize) out.push({ pts, x0, x1 });
  }
  return out;
}

/** The four largest blobs; while there are fewer, the widest is cut into equal parts (letters that touch). */
function fourPieces(found: Piece[], width: number): Piece[] {
  let pieces = [...found].sort((a, b) => b.pts.length - a.pts.length).slice(0, 4);
  while (pieces.length > 0 && pieces.length < 4) {
    pieces.sort((a, b) => b.x1 - b.x0 - (a.x1 - a.x0));
    const widest = pieces[0] as Piece;
    const total = pieces.reduce((n, p) => n + (p.x1 - p.x0), 0);
    const parts = Math.max(2, Math.min(5 - pieces.length, Math.round(((widest.x1 - widest.x0) / total) * 4)));
    const cut: Piece[] = [];
    for (let k = 0; k < parts; k++) {
      const a = widest.x0 + ((widest.x1 - widest.x0) * k) / parts;
      const b = widest.x0 + ((widest.x1 - widest.x0) * (k + 1)) / parts;
      cut.push({ pts: widest.pts.filter((p) => p % width >= a && p % width < b), x0: a, x1: b });
    }
    pieces = [...pieces.slice(1), ...cut];
  }
  return pieces.sort((a, b) => a.x0 - b.x0);
}

function bestMatch(bits: Uint8Array, tpl: Template[]): string {
  let best = { ch: '?', score: Infinity };
  for (const t of tpl) {
    let d = 0;
    for (let k = 0; k < N * N; k++) d += bits[k] === t.bits[k] ? 0 : 1;
    if (d < best.score) best = { ch: t.ch, score: d };
  }
  return best.ch;
}

/** The smarter reader: thin strokes dropped, cuts mended by a closing of radius `close`, blobs read as letters. */
export function readSmart(png: Buffer, tpl: Template[], close = 0): string {
  const g = binarize(png);
  dropThinStrokes(g, 5);
  if (close > 0) {
    g.ink = morph({ ...g, ink: morph(g, close, true) }, close, false);
  }
  let text = '';
  for (const piece of fourPieces(blobs(g, 150), g.width)) {
    const only = new Uint8Array(g.width * g.height);
    for (const p of piece.pts) only[p] = 1;
    const bits = sample({ width: g.width, height: g.height, ink: only }, 0, g.width);
    text += bits ? bestMatch(bits, tpl) : '?';
  }
  return text;
}
