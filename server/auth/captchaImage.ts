import { randomInt } from 'node:crypto';
import { encodePng, type RgbImage } from '../util/png.js';
import { fillPolygons, glyphPolygons, strokeSegment, type Paint, type Point, type Polygon, type Rgb } from './glyphRaster.js';

/**
 * The login captcha as a PNG (docs/system-security.md "Captcha"). Legible first: large solid capitals
 * of a font made for legibility, dark on light, from an alphabet without look-alikes. What defeats a
 * script is what a person reads through: letters crowded edge to edge (a script cannot cut them
 * apart by gaps or by colour: one ink shades smoothly across the whole text), each rotated, scaled
 * and raised on its own, a gentle wave, and one thin line in the same ink crossing them.
 * `distort: false` draws the same letters plainly in fixed slots (the tests' control for the reader).
 *
 * Drawn at 1.6 times its display size (CAPTCHA_DISPLAY_*) so it stays sharp on high-density screens.
 */
// No I/1/L, O/0/Q, S/5 kept as 5, Z/2, B/8 kept as 8, G/6: what remains cannot be mistaken for another.
export const CAPTCHA_ALPHABET = 'ACDEFHJKMNPRTUVWXY345789';
export const CAPTCHA_WIDTH = 320;
export const CAPTCHA_HEIGHT = 112;
/** The size pages show it at (login pages, public forms): letters about 30 px tall. */
export const CAPTCHA_DISPLAY_WIDTH = 200;
export const CAPTCHA_DISPLAY_HEIGHT = 70;
/** Letter height in pixels of the drawn image, and the centre-to-centre step of the plain layout. */
export const CAPTCHA_FONT_SIZE = 84;
export const CAPTCHA_STEP = 70;

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
/** Dark inks of different hues: each at least 7:1 against the light background. */
const INKS: Rgb[] = [[20, 45, 120], [120, 20, 30], [20, 85, 40], [70, 30, 110], [30, 30, 30], [110, 55, 0]];
const ink = (): Rgb => INKS[int(0, INKS.length)] as Rgb;
/** One ink for the whole text, shading from one dark hue to another across the image. */
function gradientInk(width: number): Paint {
  const from = ink();
  let to = ink();
  while (to === from) to = ink();
  return (x) => {
    const t = Math.min(1, Math.max(0, x / width));
    return [from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t, from[2] + (to[2] - from[2]) * t];
  };
}

function bounds(polygons: Polygon[]) {
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  for (const poly of polygons) {
    for (const [x, y] of poly) {
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  return { minX, maxX, cx: (minX + maxX) / 2, cy: (minY + maxY) / 2 };
}

/** A light background with a soft diagonal gradient and pale specks (decoration a person ignores). Returns its base paint. */
function background(image: RgbImage, distort: boolean): Paint {
  const { width, height, data } = image;
  const tint: Rgb = distort ? [int(235, 250), int(235, 250), int(235, 250)] : [246, 246, 246];
  const base = (x: number, y: number): Rgb => {
    const shade = distort ? ((x + y) / (width + height)) * 14 : 0;
    return [tint[0] - shade, tint[1] - shade, tint[2] - shade];
  };
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(base(x, y), (y * width + x) * 3);
  if (!distort) return base;
  for (let n = 0; n < 120; n++) {
    const x = rnd(0, width);
    const y = rnd(0, height);
    const r = rnd(1, 2.5);
    fillPolygons(image, [[[x - r, y - r], [x + r, y - r], [x + r, y + r], [x - r, y + r]]], [int(175, 215), int(175, 215), int(175, 215)]);
  }
  return base;
}

/** A thin wavy line from edge to edge, between 38 % and 62 % of the height. */
function wavyLine(image: RgbImage, paint: Paint, thickness: number): void {
  const { width, height } = image;
  const y0 = rnd(height * 0.38, height * 0.62);
  const amp = rnd(6, 12);
  const freq = rnd(0.015, 0.03);
  const phase = rnd(0, Math.PI * 2);
  const tilt = rnd(-14, 14);
  let prev: Point = [0, y0 + amp * Math.sin(phase) - tilt / 2];
  for (let x = 4; x <= width; x += 4) {
    const point: Point = [x, y0 + amp * Math.sin(x * freq + phase) + tilt * (x / width - 0.5)];
    strokeSegment(image, prev, point, thickness, paint);
    prev = point;
  }
}

export function drawCaptcha(text: string, opts: { distort?: boolean } = {}): Buffer {
  const distort = opts.distort ?? true;
  const width = CAPTCHA_WIDTH;
  const height = CAPTCHA_HEIGHT;
  state = randomInt(1, 2 ** 31);
  const image: RgbImage = { width, height, data: new Uint8Array(width * height * 3) };
  const paper = background(image, distort);
  const phase = rnd(0, Math.PI * 2);
  const warp = (p: Point): Point => (distort ? [p[0], p[1] + 5 * Math.sin(p[0] / 38 + phase)] : p);
  // Each letter transformed about its own centre, at x = 0 first; then set side by side.
  const letters = [...text].map((ch) => {
    const size = distort ? CAPTCHA_FONT_SIZE * rnd(0.92, 1.06) : CAPTCHA_FONT_SIZE;
    const { polygons } = glyphPolygons(ch, size);
    const { cx, cy } = bounds(polygons);
    const angle = distort ? rnd(-0.28, 0.28) : 0;
    const shear = distort ? rnd(-0.15, 0.15) : 0;
    const sx = distort ? rnd(0.78, 1.25) : 1;
    const dy = height / 2 + (distort ? rnd(-7, 7) : 0);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const shape = polygons.map((poly) =>
      poly.map(([px, py]): Point => {
        const u = (px - cx) * sx + shear * (py - cy);
        const v = py - cy;
        return [u * cos - v * sin, dy + u * sin + v * cos];
      }),
    );
    return { shape, ...bounds(shape) };
  });
  // Plain: fixed slots. Distorted: each letter from 3 px after to 2 px inside the one before (crowded).
  const lefts: number[] = [];
  if (distort) {
    let edge = 0;
    for (const l of letters) {
      lefts.push(edge);
      edge += l.maxX - l.minX - rnd(-3, 2);
    }
    const start = rnd(16, Math.max(17, width - 16 - edge));
    lefts.forEach((_, i) => (lefts[i] = (lefts[i] as number) + start));
  }
  const first = (width - (letters.length - 1) * CAPTCHA_STEP) / 2;
  const paint: Paint = distort ? gradientInk(width) : [30, 30, 30];
  letters.forEach((l, i) => {
    const shift = distort ? (lefts[i] as number) - l.minX : first + i * CAPTCHA_STEP;
    fillPolygons(image, l.shape.map((poly): Polygon => poly.map(([px, py]) => warp([px + shift, py]))), paint);
  });
  if (distort) {
    // A cut in the paper's colour through the letters (stencil-like: a person joins the pieces, a
    // script sees fragments), and a line in the ink across them (a script sees one joined shape).
    wavyLine(image, paper, 5);
    wavyLine(image, paint, 3.2);
  }
  return encodePng(image);
}

/** Four random characters of CAPTCHA_ALPHABET. */
export function captchaText(length = 4): string {
  let text = '';
  for (let i = 0; i < length; i++) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}
