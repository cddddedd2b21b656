import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import vue from '@vitejs/plugin-vue';
import { ipcChannels } from './shared/ipc/contract';
import { buildCli } from './scripts/build-cli';
import { IMPORT_ALIASES } from './scripts/import-aliases';

export default defineConfig({
  main: {
    resolve: { alias: IMPORT_ALIASES },
    // The `statusdesk` command line is built with the app, so bin/statusdesk.js has its bundle (out/cli).
    plugins: [{ name: 'statusdesk-cli', apply: 'build', closeBundle: () => buildCli() }],
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: { index: resolve(__dirname, 'electron/main/index.ts') },
      },
    },
  },
  preload: {
    resolve: { alias: IMPORT_ALIASES },
    // The preload needs only the channel names, not their schemas: inline them so no validator is bundled.
    define: { __STATUSDESK_CHANNELS__: JSON.stringify(ipcChannels) },
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot require packages: bundle everything into one CommonJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(__dirname, 'electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'renderer'),
    plugins: [vue()],
    // As in tsconfig.base.json's paths (and vitest.config.ts for the unit tests that load renderer modules).
    resolve: { alias: IMPORT_ALIASES },
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      rollupOptions: {
        input: { index: resolve(__dirname, 'renderer/index.html') },
      },
    },
  },
});
