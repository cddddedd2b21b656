import { fileURLToPath } from 'node:url';

const folder = (relative: string) => fileURLToPath(new URL(`../${relative}/`, import.meta.url));

/**
 * The import aliases for Vite (the electron-vite builds and vitest); TypeScript reads the same from
 * tsconfig.base.json's `paths`, and esbuild and tsx (the CLI bundle, scripts, benches) from tsconfig too.
 * `@/` is renderer/src, `@shared/` is shared/, `@core/` is electron/core/ and `@simulators/` is
 * simulators/; lint keeps each layer to the aliases it may use (eslint.config.js).
 */
export const IMPORT_ALIASES = [
  { find: /^@\//, replacement: folder('renderer/src') },
  { find: /^@shared\//, replacement: folder('shared') },
  { find: /^@core\//, replacement: folder('electron/core') },
  { find: /^@simulators\//, replacement: folder('simulators') },
];
