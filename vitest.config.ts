import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{server,electron,shared,renderer,scripts}/**/*.test.{ts,tsx}'],
    pool: 'forks',
    // A real core behind the browser host, for renderer tests (see the file).
    globalSetup: ['electron/web/testing/renderer-host.global.ts'],
    setupFiles: ['renderer/src/testing/jsdom-layout.ts'],
    // Two cores here and in CI: more workers only add contention.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
