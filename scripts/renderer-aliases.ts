import { fileURLToPath } from 'node:url';

/**
 * The renderer's import aliases for Vite (the electron-vite build and vitest): `@/` is renderer/src and
 * `@shared/` is shared/. TypeScript reads the same two from tsconfig.base.json's `paths`.
 */
export const RENDERER_ALIASES = [
  { find: /^@\//, replacement: `${fileURLToPath(new URL('../renderer/src/', import.meta.url))}` },
  { find: /^@shared\//, replacement: `${fileURLToPath(new URL('../shared/', import.meta.url))}` },
];
