// First step of `npm run test:electron`: fail at once, in one line, when there is no Electron to launch.
import { findElectronBinary } from './electron-binary';

const binary = findElectronBinary();
if (!binary.ok) {
  console.error(binary.message);
  process.exit(1);
}
