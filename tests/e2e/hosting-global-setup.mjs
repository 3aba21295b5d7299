// Playwright global set-up: builds the course a second time, for a sub-path (COURSE_BASE) and
// its public address (COURSE_URL), into build/e2e-hosting/ (beside $COURSE_OUT_DIR when that is
// set), which the hosting specs' plain static server serves. The first build (dist/, served by `vite preview`) is made beforehand
// by .ci/setup. The second is skipped when it was made from the same first build, so a re-run
// costs nothing; a fresh dist/ (or another port) rebuilds it.
import { spawnSync } from 'node:child_process';
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOSTING_BASE, HOSTING_ORIGIN } from './embed-origins.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Beside the first build when that is elsewhere (COURSE_OUT_DIR), so that two runs building
// from two first builds do not write one folder.
export const HOSTING_OUT_DIR = process.env.COURSE_OUT_DIR ? `${path.resolve(process.env.COURSE_OUT_DIR)}-hosting` : path.join(repoRoot, 'build/e2e-hosting');
const STAMP = path.join(HOSTING_OUT_DIR, '.built-from');

async function firstBuildStamp() {
  const index = path.join(process.env.COURSE_OUT_DIR ? path.resolve(process.env.COURSE_OUT_DIR) : path.join(repoRoot, 'dist'), 'index.html');
  const { mtimeMs } = await stat(index).catch(() => ({ mtimeMs: Date.now() }));
  return `${mtimeMs} ${HOSTING_BASE} ${HOSTING_ORIGIN}\n`;
}

export default async function buildForSubPath() {
  const stamp = await firstBuildStamp();
  if ((await readFile(STAMP, 'utf8').catch(() => '')) === stamp) return;
  const vite = path.join(repoRoot, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--config', 'web/vite.config.js', '--logLevel', 'warn'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, COURSE_BASE: HOSTING_BASE, COURSE_URL: HOSTING_ORIGIN, COURSE_OUT_DIR: HOSTING_OUT_DIR },
  });
  if (result.status !== 0) throw new Error(`the sub-path build of the course failed (exit ${result.status ?? result.signal})`);
  await writeFile(STAMP, stamp);
}
