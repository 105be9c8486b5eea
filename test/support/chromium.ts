/// <reference lib="dom" />
import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';

/**
 * The machine's Chromium where it has one (CHROMIUM_PATH, or Debian's), else the one the dev
 * dependency @sparticuz/chromium ships inside its npm package (unpacked into the temp folder on
 * first use): `npm ci && npm test` needs no system browser.
 */
export async function chromiumPath(): Promise<string> {
  const own = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(own)) return own;
  const { default: packaged } = await import('@sparticuz/chromium');
  return packaged.executablePath();
}

/** Headless, offline: no sandbox (containers), no GPU, nothing fetched in the background. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A headless Chromium for a browser test. */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: await chromiumPath(), headless: true, args: CHROMIUM_ARGS });
}

/** Width, height, distinct colours, the spread of luminance and the share of non-white pixels of a PNG. */
export async function pngStats(browser: Browser | BrowserContext, png: Buffer) {
  const page = await browser.newPage();
  try {
    return await page.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const data = ctx.getImageData(0, 0, img.width, img.height).data;
      const colours = new Set<number>();
      let sum = 0;
      let sq = 0;
      let nonWhite = 0;
      const n = data.length / 4;
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
        colours.add((r << 16) | (g << 8) | b);
        const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
        sum += y;
        sq += y * y;
        if (r < 240 || g < 240 || b < 240) nonWhite += 1;
      }
      const mean = sum / n;
      return {
        width: img.width,
        height: img.height,
        colours: colours.size,
        stddev: Math.sqrt(sq / n - mean * mean),
        nonWhite: nonWhite / n,
      };
    }, png.toString('base64'));
  } finally {
    await page.close();
  }
}
