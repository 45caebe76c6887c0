import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import opentype from 'opentype.js';
import type { RgbImage } from '../util/png.js';

/**
 * Glyph outlines of the captcha font, flattened to polygons, transformed and filled into an RGB image.
 * The font is Atkinson Hyperlegible Bold (SIL OFL, @fontsource/atkinson-hyperlegible): designed so that
 * look-alike characters stay apart, which is what a person squinting at a captcha needs.
 * Used by the captcha (captchaImage.ts); nothing here is random.
 */
export type Point = [number, number];
export type Polygon = Point[];
export type Rgb = [number, number, number];
/** A colour, or a colour per pixel (a gradient across the whole text). */
export type Paint = Rgb | ((x: number, y: number) => Rgb);

const fontFile = createRequire(import.meta.url).resolve('@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-latin-700-normal.woff');
const fontBytes = readFileSync(fontFile);
const font = opentype.parse(fontBytes.buffer.slice(fontBytes.byteOffset, fontBytes.byteOffset + fontBytes.byteLength));

/** The outline of `ch` at `size` px, baseline at y = 0, as closed polygons (curves flattened). */
export function glyphPolygons(ch: string, size: number): { polygons: Polygon[]; advance: number } {
  const glyph = font.charToGlyph(ch);
  const commands = glyph.getPath(0, 0, size).commands;
  const polygons: Polygon[] = [];
  let current: Polygon = [];
  let last: Point = [0, 0];
  const steps = 8;
  for (const c of commands) {
    if (c.type === 'M') {
      if (current.length > 2) polygons.push(current);
      current = [[c.x ?? 0, c.y ?? 0]];
    } else if (c.type === 'L') {
      current.push([c.x ?? 0, c.y ?? 0]);
    } else if (c.type === 'Q') {
      for (let i = 1; i <= steps; i++) {
        const t = i / steps;
        const a = (1 - t) * (1 - t);
        const b = 2 * (1 - t) * t;
        const d = t * t;
        current.push([a * last[0] + b * (c.x1 ?? 0) + d * (c.x ?? 0), a * last[1] + b * (c.y1 ?? 0) + d * (c.y ?? 0)]);
      }
    } else if (c.type === 'C') {
      for (let i = 1; i <= steps; i++) {
        const t = i / steps;
        const u = 1 - t;
        current.push([
          u * u * u * last[0] + 3 * u * u * t * (c.x1 ?? 0) + 3 * u * t * t * (c.x2 ?? 0) + t * t * t * (c.x ?? 0),
          u * u * u * last[1] + 3 * u * u * t * (c.y1 ?? 0) + 3 * u * t * t * (c.y2 ?? 0) + t * t * t * (c.y ?? 0),
        ]);
      }
    } else if (c.type === 'Z') {
      if (current.length > 2) polygons.push(current);
      current = [];
    }
    const p = current[current.length - 1];
    if (p) last = p;
  }
  if (current.length > 2) polygons.push(current);
  const unitsPerEm = font.unitsPerEm;
  return { polygons, advance: ((glyph.advanceWidth ?? unitsPerEm / 2) * size) / unitsPerEm };
}

/** Fills polygons (non-zero winding) with `paint`; pixel centres are sampled. */
export function fillPolygons(image: RgbImage, polygons: Polygon[], paint: Paint): void {
  const { width, height, data } = image;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const poly of polygons) {
    for (const [, y] of poly) {
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  const y0 = Math.max(0, Math.floor(minY));
  const y1 = Math.min(height - 1, Math.ceil(maxY));
  for (let y = y0; y <= y1; y++) {
    const sy = y + 0.5;
    const crossings: { x: number; dir: number }[] = [];
    for (const poly of polygons) {
      for (let i = 0; i < poly.length; i++) {
        const a = poly[i] as Point;
        const b = poly[(i + 1) % poly.length] as Point;
        if (a[1] === b[1]) continue;
        const up = a[1] < b[1];
        const [lo, hi] = up ? [a, b] : [b, a];
        if (sy < lo[1] || sy >= hi[1]) continue;
        crossings.push({ x: lo[0] + ((sy - lo[1]) * (hi[0] - lo[0])) / (hi[1] - lo[1]), dir: up ? 1 : -1 });
      }
    }
    crossings.sort((p, q) => p.x - q.x);
    let winding = 0;
    for (let i = 0; i < crossings.length - 1; i++) {
      winding += (crossings[i] as { dir: number }).dir;
      if (winding === 0) continue;
      const from = Math.max(0, Math.ceil((crossings[i] as { x: number }).x - 0.5));
      const to = Math.min(width - 1, Math.floor((crossings[i + 1] as { x: number }).x - 0.5));
      for (let x = from; x <= to; x++) data.set(typeof paint === 'function' ? paint(x, y) : paint, (y * width + x) * 3);
    }
  }
}

/** Draws a thick line segment (a filled quadrilateral). */
export function strokeSegment(image: RgbImage, a: Point, b: Point, thickness: number, paint: Paint): void {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len = Math.hypot(dx, dy) || 1;
  const nx = (-dy / len) * (thickness / 2);
  const ny = (dx / len) * (thickness / 2);
  fillPolygons(image, [[[a[0] + nx, a[1] + ny], [b[0] + nx, b[1] + ny], [b[0] - nx, b[1] - ny], [a[0] - nx, a[1] - ny]]], paint);
}
