import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { resolve } from 'node:path';
import { devCspPlugin } from './scripts/dev-csp';

export default defineConfig({
  main: {
    build: {
      rollupOptions: { input: { index: resolve('electron/shell/main.ts') } },
    },
  },
  preload: {
    build: {
      // A sandboxed preload must be CommonJS with everything bundled in.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('electron/shell/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve('renderer'),
    plugins: [react(), devCspPlugin()],
    build: {
      minify: true,
      rollupOptions: { input: { index: resolve('renderer/index.html') } },
    },
  },
});
