// First step of `npm run test:electron`: fail at once, in one line, when there is no Electron to launch.
import { findElectronBinary } from './electron-binary';

const binary = findElectronBinary();
// A packaged app to test instead (hosted CI's electron-builder --dir) needs no separate Electron binary.
if (!binary.ok && !process.env.STATUSDESK_APP_EXECUTABLE) {
  console.error(binary.message);
  process.exit(1);
}
