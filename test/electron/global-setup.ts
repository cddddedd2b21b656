import { findElectronBinary } from './electron-binary';

/** Also checked here, for `playwright test -c test/electron/...` run by hand: never a silent skip. */
export default function globalSetup(): void {
  const binary = findElectronBinary();
  if (!binary.ok) throw new Error(binary.message);
}
