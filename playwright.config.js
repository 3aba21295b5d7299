// End-to-end tests run against the production build in dist/, served by `vite preview`.
// The build is made beforehand (npm run build:site, or the set-up script); this config never
// rebuilds, so a test sees exactly what would be deployed.
import { defineConfig, devices } from '@playwright/test';
import { COURSE_PORT as PORT, FOREIGN_ORIGIN } from './tests/e2e/embed-origins.js';

// E2E_PORT lets two checkouts on one machine run their suites side by side; the embed specs'
// "foreign" site listens on E2E_PORT + 1.
const BASE_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // A flaky test is a bug to fix, not something to retry until it passes.
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  reporter: 'list',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    // Playwright cannot download its own browsers here: use Debian's Chromium.
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Phone-sized checks switch the viewport per spec file with test.use().
    { name: 'chromium', use: { ...devices['Desktop Chrome'] } },
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
  ],
});
