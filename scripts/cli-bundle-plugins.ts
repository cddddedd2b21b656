import path from 'node:path';
import type { Plugin } from 'esbuild';

/*
 * What esbuild does differently for the command line's bundle (scripts/build-cli.ts), each for a start that
 * reads, compiles and runs no more than the command needs. Every stand-in behaves as the module it replaces.
 */

/**
 * The keychain binding, imported where it is first used: required from node_modules instead, since the bundle
 * runs as a CommonJS script (electron/cli/launch.ts), whose `import()` Node answers only through an
 * experimental hook that warns on the user's stderr.
 */
export const keyringByRequire: Plugin = {
  name: 'keyring-by-require',
  setup(b) {
    b.onResolve({ filter: /^@napi-rs\/keyring$/ }, (args) =>
      args.namespace === 'keyring-by-require' ? { path: args.path, external: true } : { path: args.path, namespace: 'keyring-by-require' },
    );
    b.onLoad({ filter: /.*/, namespace: 'keyring-by-require' }, () => ({ contents: "module.exports = require('@napi-rs/keyring');", loader: 'js' }));
  },
};

/**
 * The command line speaks English: zod's other locales (more than half of zod) stay out. `z.locales` is not
 * used; zod registers English itself, from its own module.
 */
export const zodEnglishOnly: Plugin = {
  name: 'zod-english-only',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](classic|core)$/.test(args.resolveDir)
        ? { path: path.join(args.resolveDir, '../locales/en.js'), namespace: 'zod-locales' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      resolveDir: path.dirname(args.path),
      loader: 'js',
    }));
  },
};

/**
 * electron-log's remote transport sends log lines over HTTP. Every Statusdesk logger switches it off
 * (electron/core/logging/app-logger.ts), yet requiring it loads Node's http, https and tls: a twentieth of
 * `statusdesk status`. The command line gets a transport that is off from the start in its place.
 */
export const electronLogRemoteOff: Plugin = {
  name: 'electron-log-remote-off',
  setup(b) {
    b.onResolve({ filter: /^\.\/transports\/remote$/ }, (args) =>
      /[\\/]electron-log[\\/]src[\\/]node$/.test(args.resolveDir) ? { path: 'remote', namespace: 'electron-log-remote-off' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'electron-log-remote-off' }, () => ({
      contents: 'module.exports = function remoteTransportOff() { return Object.assign(function remote() {}, { level: false }); };',
      loader: 'js',
    }));
  },
};

/**
 * Node's child_process (with net and dgram under it) costs a fortieth of every start, and what requires it in the
 * bundle rarely uses it: commander only for a subcommand that is a program of its own (Statusdesk defines none),
 * electron-log only to open a file for a person, google-auth-library only for an executable credential. Each gets a
 * stand-in that loads Node's module on its first use and is that module from then on.
 */
export const childProcessOnFirstUse: Plugin = {
  name: 'child-process-on-first-use',
  setup(b) {
    b.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      // The stand-in's own require is Node's module.
      args.namespace === 'child-process-on-first-use'
        ? { path: 'node:child_process', external: true }
        : { path: 'child_process', namespace: 'child-process-on-first-use' },
    );
    b.onLoad({ filter: /.*/, namespace: 'child-process-on-first-use' }, () => ({
      contents: [
        "const real = () => require('node:child_process');",
        'module.exports = new Proxy({}, {',
        '  get: (_, key) => real()[key],',
        '  has: (_, key) => key in real(),',
        '  ownKeys: () => Reflect.ownKeys(real()),',
        '  getOwnPropertyDescriptor: (_, key) => ({ ...Reflect.getOwnPropertyDescriptor(real(), key), configurable: true }),',
        '});',
      ].join('\n'),
      loader: 'js',
    }));
  },
};

/**
 * Libraries that only some commands use (the settings writer, Google sign-in for operations), each built into a
 * file of its own in out/cli/vendor/ and required on a command's first import of it: the bundle that every start
 * reads and V8 deserializes is a third smaller. Each holds no state the command line's own modules share, so its
 * own copy of what it depends on cannot disagree with anything. With each, the names the command line imports
 * from it: an import of any other fails the build.
 */
export const VENDOR: Readonly<Record<string, readonly string[]>> = {
  conf: ['default'],
  'google-auth-library': ['CodeChallengeMethod', 'GoogleAuth', 'OAuth2Client'],
};
export const VENDOR_DIR = 'vendor';

export const vendorOnFirstImport: Plugin = {
  name: 'vendor-on-first-import',
  setup(b) {
    const names = new RegExp(`^(${Object.keys(VENDOR).join('|')})$`);
    b.onResolve({ filter: names }, (args) => (args.kind === 'entry-point' ? undefined : { path: args.path, namespace: 'vendor-on-first-import' }));
    b.onLoad({ filter: /.*/, namespace: 'vendor-on-first-import' }, (args) => ({
      // createRequire: a require esbuild leaves to Node, from the bundle's folder, made on the first import.
      contents: [
        "import { createRequire } from 'node:module';",
        `const library = createRequire(__filename)(${JSON.stringify(`./${VENDOR_DIR}/${args.path}.cjs`)});`,
        ...VENDOR[args.path]!.map((name) => (name === 'default' ? 'export default library.default;' : `export const ${name} = library.${name};`)),
      ].join('\n'),
      loader: 'js',
    }));
  },
};
