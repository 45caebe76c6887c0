// Gzip size of the JavaScript a browser loads to show the login page (each app), measured by loading
// the page in Chromium and compressing every script response it received.
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../tests/browser/lib/chromium';

export interface BundleFigures {
  page: string;
  scripts: number;
  rawBytes: number;
  gzipBytes: number;
  msToLoginForm: number;
}

export async function measureLoginBundle(baseUrl: string, path: string): Promise<BundleFigures> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const bodies: Promise<Buffer>[] = [];
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (type.includes('javascript')) bodies.push(response.body());
    });
    const started = performance.now();
    await page.goto(baseUrl + path);
    await page.waitForSelector('input[name="password"]');
    const msToLoginForm = Math.round(performance.now() - started);
    await page.waitForLoadState('networkidle');
    const buffers = await Promise.all(bodies);
    return {
      page: path,
      scripts: buffers.length,
      rawBytes: buffers.reduce((n, b) => n + b.length, 0),
      gzipBytes: buffers.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0),
      msToLoginForm,
    };
  } finally {
    await browser.close();
  }
}
