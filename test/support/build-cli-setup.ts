import { buildCli } from '../../scripts/build-cli';

/*
 * Integration projects' global setup: the command-line suites run the real bin/statusdesk.js, which runs the
 * prebuilt bundle. Built here from the current sources, so a test never runs yesterday's bundle.
 */
export default async function setup(): Promise<void> {
  await buildCli();
}
