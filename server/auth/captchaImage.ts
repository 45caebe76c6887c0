import { randomInt } from 'node:crypto';
import { encodePng, type RgbImage } from '../util/png.js';
import { fillPolygons, glyphPolygons, strokeSegment, traceOutline, type Point, type Polygon } from './glyphRaster.js';

/**
 * The login captcha as a PNG (docs/system-security.md "Captcha"). An SVG hands a script each letter's
 * outline; a raster image does not. Each letter is rotated, sheared and scaled on its own, letters
 * overlap, the whole is warped by two sine waves, and curves and dots in the letters' colours cross it.
 * `distort: false` draws the same letters plainly (the tests' control for the reader).
 */
export const CAPTCHA_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CAPTCHA_WIDTH = 150;
export const CAPTCHA_HEIGHT = 50;

// Shapes and noise need speed, not secrecy (the text comes from crypto.randomInt): xorshift seeded per image.
let state = randomInt(1, 2 ** 31);
const next = () => {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return (state >>> 0) / 4294967296;
};
const rnd = (min: number, max: number) => min + next() * (max - min);
const int = (min: number, max: number) => Math.floor(rnd(min, max));
type Rgb = [number, number, number];
const ink = (): Rgb => [int(20, 140), int(20, 140), int(20, 140)];

function transform(polygons: Polygon[], f: (p: Point) => Point): Polygon[] {
  return polygons.map((poly) => poly.map(f));
}

export function drawCaptcha(text: string, opts: { distort?: boolean } = {}): Buffer {
  const distort = opts.distort ?? true;
  const width = CAPTCHA_WIDTH;
  const height = CAPTCHA_HEIGHT;
  state = randomInt(1, 2 ** 31);
  const image: RgbImage = { width, height, data: new Uint8Array(width * height * 3) };
  for (let i = 0; i < width * height * 3; i++) image.data[i] = distort ? int(225, 256) : 246;
  const phase1 = rnd(0, Math.PI * 2);
  const phase2 = rnd(0, Math.PI * 2);
  const warp = (p: Point): Point => (distort ? [p[0] + 2.5 * Math.sin(p[1] / 7 + phase1), p[1] + 2.5 * Math.sin(p[0] / 11 + phase2)] : p);
  const colors: Rgb[] = [];
  [...text].forEach((ch, i) => {
    const letter = distort && /[A-Z]/.test(ch) && next() < 0.5 ? ch.toLowerCase() : ch;
    const size = distort ? rnd(44, 54) : 48;
    const { polygons } = glyphPolygons(letter, size);
    let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
    for (const poly of polygons) {
      for (const [x, y] of poly) {
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
    }
    const cx = (minX + maxX) / 2;
    const cy = (minY + maxY) / 2;
    const angle = distort ? rnd(-0.4, 0.4) : 0;
    const shear = distort ? rnd(-0.3, 0.3) : 0;
    const sx = distort ? rnd(0.8, 1.15) : 1;
    const sy = distort ? rnd(0.85, 1.15) : 1;
    const tx = 22 + i * 35 + (distort ? rnd(-4, 4) : 0);
    const ty = height / 2 + (distort ? rnd(-4, 4) : 0);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const placed = transform(polygons, ([x, y]) => {
      const u = (x - cx) * sx + shear * (y - cy);
      const v = (y - cy) * sy;
      return warp([tx + u * cos - v * sin, ty + u * sin + v * cos]);
    });
    const color = ink();
    colors.push(color);
    // The font draws letters as thin pen strokes (tiny filled areas): a pen along the outline shows them.
    traceOutline(image, placed, 1.5, color);
  });
  if (distort) {
    // Curves across the letters, in the letters' colours, and dots: a threshold cannot separate them.
    for (let n = 0; n < 3; n++) {
      const color = colors[n % colors.length] ?? ink();
      const y0 = rnd(8, height - 8);
      const amp = rnd(4, 12);
      const freq = rnd(0.02, 0.08);
      const phase = rnd(0, Math.PI * 2);
      const thick = rnd(1.2, 2.2);
      let prev: Point = [0, y0 + amp * Math.sin(phase)];
      for (let x = 5; x <= width; x += 5) {
        const next: Point = [x, y0 + amp * Math.sin(x * freq + phase) + (x / width) * rnd(-1, 1)];
        strokeSegment(image, prev, next, thick, color);
        prev = next;
      }
    }
    for (let n = 0; n < 150; n++) {
      const x = int(0, width);
      const y = int(0, height);
      const r = rnd(0.5, 1.2);
      fillPolygons(image, [[[x - r, y - r], [x + r, y - r], [x + r, y + r], [x - r, y + r]]], next() < 0.33 ? ink() : [int(150, 220), int(150, 220), int(150, 220)]);
    }
  }
  return encodePng(image);
}

/** Four random characters of CAPTCHA_ALPHABET. */
export function captchaText(length = 4): string {
  let text = '';
  for (let i = 0; i < length; i++) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}
