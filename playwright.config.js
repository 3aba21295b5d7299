// End-to-end tests run against the production build in dist/, served by `vite preview`.
// The build is made beforehand (npm run build, or the set-up script); this config never
// rebuilds it, so a test sees exactly what would be deployed.
//
// The hosting specs (hosting-*.spec.js, project "hosting") run against a second build for a
// sub-path, served by a plain static file server as a static host would serve it. The global
// set-up makes that build once (tests/e2e/hosting-global-setup.mjs).
import os from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import {
  COURSE_PORT as PORT, FOREIGN_ORIGIN, HOSTING_BASE, HOSTING_ORIGIN, HOSTING_PORT, HOSTING_URL,
} from './tests/e2e/embed-origins.js';
import { HOSTING_OUT_DIR } from './tests/e2e/hosting-global-setup.mjs';

// E2E_PORT lets two checkouts on one machine run their suites side by side; the embed specs'
// "foreign" site listens on E2E_PORT + 1.
const BASE_URL = `http://127.0.0.1:${PORT}`;

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const FULL_BROWSER_SPECS = /(lesson-(shows-the-four-averages|gradient-view-shares-each-gradient|works-on-a-phone-with-touch)|catalogue-back-from-the-cache-shows-progress-since)\.spec\.js$/;
// Specs of what only the full browser does (its back/forward cache): not run in the headless shell.
const FULL_BROWSER_ONLY = /catalogue-back-from-the-cache-shows-progress-since\.spec\.js$/;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // A flaky test is a bug to fix, not something to retry until it passes.
  retries: 0,
  // Two workers on a 2-CPU machine with CI set or not, half the CPUs on a larger one. On 2 CPUs
  // one worker takes as long as two (the suite is CPU-bound: each test's Chromium keeps more
  // than one CPU busy): 7.8 and 9.8 min for the whole suite against 9.4 and 9.7, and 155-166 s
  // against 151-173 s for 77 tests, runs alternating (December 2026). Two keep the waits of one
  // test (a poll, a timer) filled with another's work.
  workers: Math.max(2, Math.floor(os.availableParallelism() / 2)),
  reporter: 'list',
  globalSetup: './tests/e2e/hosting-global-setup.mjs',
  use: {
    baseURL: BASE_URL,
    // Recording a trace of every test costs some 15 % of the suite's time on a 2-CPU machine,
    // for files CI never shows; E2E_TRACE=retain-on-failure (or --trace on) records them when a
    // failure needs one.
    trace: process.env.E2E_TRACE || 'off',
    // Playwright cannot download its own browsers here. Debian's build of Chromium's headless
    // shell is what Playwright itself runs headless checks in: the same Blink and V8 as Debian's
    // full Chromium, of the same version, without the desktop browser around them. It opens a page
    // in 60-80 ms against 250-450 ms and loads a lesson in about 200 ms against 350-650 ms on a
    // 2-CPU machine (December 2026). E2E_CHROMIUM=/usr/bin/chromium runs the suite in the full browser.
    launchOptions: {
      executablePath: process.env.E2E_CHROMIUM || '/usr/bin/chromium-headless-shell',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    // Phone-sized checks switch the viewport per spec file with test.use().
    // The course's service worker is kept out of these specs: each one tests the page as the
    // network gives it (page.route() does not see a worker's requests). The hosting project
    // tests the worker.
    {
      name: 'chromium',
      testIgnore: [/hosting-.*\.spec\.js$/, FULL_BROWSER_ONLY],
      use: { ...devices['Desktop Chrome'], serviceWorkers: 'block' },
    },
    {
      name: 'hosting',
      testMatch: /hosting-.*\.spec\.js$/,
      use: { ...devices['Desktop Chrome'], baseURL: HOSTING_URL, serviceWorkers: 'allow' },
    },
    // The flagship lesson's numbers, taps and phone layout once more in the full desktop
    // browser a learner runs, so a difference between it and the headless shell shows up here.
    {
      name: 'desktop-browser',
      testMatch: FULL_BROWSER_SPECS,
      use: {
        ...devices['Desktop Chrome'],
        serviceWorkers: 'block',
        launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: [
    {
      command: `npx vite preview --config web/vite.config.js --host 127.0.0.1 --port ${PORT} --strictPort`,
      url: BASE_URL,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // A teacher's site on another origin, with a strict CSP, that embeds the widget.
      command: 'node tests/e2e/embed-foreign-host.mjs',
      url: `${FOREIGN_ORIGIN}/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The sub-path build on a plain static file server (no Vite, no oEmbed endpoint).
      command: `node tests/e2e/hosting-static-server.mjs ${HOSTING_OUT_DIR} ${HOSTING_BASE} ${HOSTING_PORT}`,
      url: `${HOSTING_ORIGIN}/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
