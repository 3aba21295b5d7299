#!/usr/bin/env node
// Draws favicon.svg into favicon.png, the icon the pages name, at ICON_SIZE px. Run it after
// changing the SVG (`node web/site/make-favicon-png.mjs`); the spec
// `site-the-favicon-is-the-svgs-picture` fails while the two differ. Why a PNG: browsers fetch
// a page's icon once it has loaded, and Chromium draws an SVG icon in the page's own process, in
// a document of its own: under bench:pages's profile a task of about 25 ms of the slowed CPU,
// often while the widget was rendering its first numbers. A PNG of this size decodes in well
// under a millisecond.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

export const ICON_SIZE = 48;

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * A page that shows an SVG at `size` x `size` px on a transparent ground, for page.setContent.
 * @param {string} svg the SVG's text
 */
export const iconPage = (svg, size = ICON_SIZE) => `<!doctype html><body style="margin:0;background:transparent">
<img alt="" width="${size}" height="${size}" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}">`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const browser = await chromium.launch({ executablePath: process.env.E2E_CHROMIUM || '/usr/bin/chromium-headless-shell' });
  const page = await browser.newPage({ viewport: { width: ICON_SIZE, height: ICON_SIZE }, deviceScaleFactor: 1 });
  await page.setContent(iconPage(readFileSync(path.join(here, 'favicon.svg'), 'utf8')));
  await page.locator('img').evaluate((img) => img.decode());
  writeFileSync(path.join(here, 'favicon.png'), await page.locator('img').screenshot({ omitBackground: true }));
  await browser.close();
  console.log(`web/site/favicon.png: ${ICON_SIZE} x ${ICON_SIZE} px`);
}
