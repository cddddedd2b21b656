import { main } from './index';

/*
 * The bundle's entry (scripts/build-cli.ts): the command, then exit once its output is flushed. Node's fetch
 * keeps an idle keep-alive connection that holds the process open for another 50-100 ms after the answer is
 * printed, as long again as the whole start; the command has awaited everything it does by the time main
 * resolves.
 */

const flushed = (stream: NodeJS.WriteStream) => new Promise<void>((resolve) => stream.write('', () => resolve()));

void main(process.argv.slice(2))
  .then(() => Promise.all([flushed(process.stdout), flushed(process.stderr)]))
  .then(() => process.exit());
