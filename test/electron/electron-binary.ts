import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

export type ElectronBinary = { ok: true; executablePath: string } | { ok: false; message: string };

/** One line: what is missing and how to get it. Printed as is; `npm run test:electron` then exits 1. */
export const MISSING_ELECTRON_MESSAGE =
  "npm run test:electron needs Electron's binary, which is not installed here: run `node node_modules/electron/install.js` " +
  '(or `npx install-electron`) on a machine that can download it from GitHub, or set ELECTRON_OVERRIDE_DIST_PATH to an unpacked Electron folder.';

/** The electron package's own answer (it reads path.txt and ELECTRON_OVERRIDE_DIST_PATH); throws when not installed. */
function electronPackagePath(): string {
  return createRequire(import.meta.url)('electron') as string;
}

/** Where the Electron executable is, or the one-line reason why the smoke suite cannot run. */
export function findElectronBinary(resolve: () => string = electronPackagePath, exists: (file: string) => boolean = existsSync): ElectronBinary {
  let executablePath: string;
  try {
    executablePath = resolve();
  } catch {
    return { ok: false, message: MISSING_ELECTRON_MESSAGE };
  }
  if (typeof executablePath !== 'string' || !exists(executablePath)) return { ok: false, message: MISSING_ELECTRON_MESSAGE };
  return { ok: true, executablePath };
}
