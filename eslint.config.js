// @ts-check
import js from '@eslint/js';
import vue from 'eslint-plugin-vue';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * Lint guards this project's own conventions beside the usual mistakes (as GitHub Desktop's local rules do):
 * - the layers of docs/architecture.md, checked on every import, type-only ones included (test/unit/architecture checks
 *   the same table by scanning files, so a wrong import fails twice, in the editor and in CI), and no `../`
 *   out of a feature folder: other folders are reached through the aliases of tsconfig.base.json;
 * - IPC goes through the one bridge: no raw ipcMain or webContents.send elsewhere in the main process;
 * - the renderer never casts what the main process answers: the IPC contract types it;
 * - one privacy style: ECMAScript #private, not TypeScript's `private` (the constructor excepted).
 */

const RENDERER_SYNTAX = [
  {
    selector: 'TSAsExpression > AwaitExpression > CallExpression[callee.object.object.name="window"][callee.object.property.name="api"]',
    message: 'IPC answers are typed by the contract: no casts.',
  },
  { selector: 'TSAsExpression > AwaitExpression > CallExpression[callee.object.name="api"]', message: 'IPC answers are typed by the contract: no casts.' },
  { selector: "PropertyDefinition[accessibility='private']", message: 'Use #private fields (one privacy style).' },
];
const STATUSPAGE_READ_ONLY_IN_LIB = {
  selector: 'CallExpression[callee.property.name="read"][callee.object.property.name="statuspal"]',
  message: 'Read the status page API through lib/statuspal-read.ts: typed per operation and checked against its schema.',
};
const ELECTRON = { group: ['electron', 'electron/*'], message: 'Only electron/main and electron/preload may import electron (docs/architecture.md layers).' };
const NODE = { group: ['node:*'], message: 'This layer runs in the browser or everywhere: no Node built-ins.' };
const MAIN_ONLY = { group: ['**/main/*', '**/preload/*'], message: 'The core and the command line never reach into the Electron main process or preload.' };
const RENDERER = { group: ['**/renderer/**', '@/**'], message: 'Only the renderer imports the renderer (@/ is renderer/src).' };
const ELECTRON_TREE = {
  group: ['**/electron/**', '@core/**', '**/simulators/**', '@simulators/**'],
  message: 'The renderer reaches the main process only through window.api.',
};
const NO_CORE = {
  group: ['**/core/**', '@core/**', '**/cli/**', '**/electron/**'],
  message: 'A simulator imports only shared/ and Node: never the core, so the app cannot come to depend on its test double.',
};
/** The renderer climbs no folders: @/ is renderer/src and @shared/ is shared/ (tsconfig.base.json's paths). */
const CLIMBING = { regex: '^\\.\\./', message: 'Import through @/ (renderer/src) or @shared/ (shared/), not ../.' };
const SHARED_ONLY = {
  group: ['**/core/**', '@core/**', '**/cli/**', '**/simulators/**', '@simulators/**'],
  message: 'shared/ imports only zod and itself.',
};

const layer = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/** One rule for what an email address is (international ones included): shared/validation/email.ts. */
const EMAIL = { object: 'z', property: 'email', message: 'Use emailAddress() from shared/validation/email.ts.' };
/*
 * One way out: every request leaves through electron/core/http/ (no redirect followed with a secret, a byte
 * cap, the address rules for public pages). A bare fetch or http(s).request elsewhere would go around them.
 */
const OUTBOUND_MESSAGE =
  'Requests leave through electron/core/http/ (outbound.ts, get-text.ts, node-http-fetch.ts): no redirects, a byte cap, the address rules.';
const OUTBOUND_PROPERTIES = ['http', 'https'].flatMap((object) => ['request', 'get'].map((property) => ({ object, property, message: OUTBOUND_MESSAGE })));
const OUTBOUND_GLOBALS = [
  { name: 'fetch', message: OUTBOUND_MESSAGE },
  { name: 'XMLHttpRequest', message: OUTBOUND_MESSAGE },
];

/** A file n folders below its feature folder may climb n levels, never n + 1 (out of the feature). */
const climbsOut = (levels) => ({
  regex: `^(\\.\\./){${levels}}`,
  message: 'A ../ never leaves its feature folder: import through @shared/, @core/ or @simulators/ (tsconfig.base.json).',
});
/** One config block per depth below each `featureGlob` folder, each with the folder's layer rules. */
const featureFolders = (featureGlob, patterns, deepest = 4) =>
  Array.from({ length: deepest + 1 }, (_, depth) => ({
    files: [`${featureGlob}/${'*/'.repeat(depth)}*.ts`],
    rules: layer([...patterns, climbsOut(depth + 1)]),
  }));
/** Domain types live in shared/<domain>/; a channel file of the IPC contract only imports them. */
const CHANNELS = {
  group: ['**/ipc/channels/*', '@shared/ipc/channels/*'],
  message: 'Import the domain type from its shared/<domain>/ file: IPC channel files only import them.',
};
const CORE_LAYERS = [ELECTRON, MAIN_ONLY, RENDERER, CHANNELS];
const SHARED_LAYERS = [ELECTRON, NODE, MAIN_ONLY, RENDERER, SHARED_ONLY, { group: ['vue', 'pinia'], message: 'shared/ imports only zod.' }];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'bench/results/**', 'resources/**', 'docs/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.vue'], sourceType: 'module' } },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
      // A variable assigned once after a closure that reads it (a server made after its handlers) stays `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        { selector: "PropertyDefinition[accessibility='private']", message: 'Use #private fields (one privacy style).' },
        { selector: "MethodDefinition[kind!='constructor'][accessibility='private']", message: 'Use #private methods (one privacy style).' },
        { selector: "TSParameterProperty[accessibility='private']", message: 'Use #private fields (one privacy style).' },
      ],
      'no-restricted-properties': ['error', EMAIL, ...OUTBOUND_PROPERTIES, { object: 'globalThis', property: 'fetch', message: OUTBOUND_MESSAGE }],
      'no-restricted-globals': ['error', ...OUTBOUND_GLOBALS],
      // Formatting is Prettier's.
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/multiline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
      'vue/html-indent': 'off',
      'vue/html-closing-bracket-newline': 'off',
      'vue/attribute-hyphenation': 'off',
      'vue/v-on-event-hyphenation': 'off',
    },
  },
  // The IPC contract may import its channel files; every other shared/ domain may not.
  { files: ['shared/ipc/**/*.ts'], rules: layer(SHARED_LAYERS) },
  { files: ['shared/**/*.ts'], ignores: ['shared/ipc/**'], rules: layer([...SHARED_LAYERS, CHANNELS]) },
  { files: ['electron/core/**/*.ts', 'electron/cli/**/*.ts'], rules: layer(CORE_LAYERS) },
  ...featureFolders('electron/core/*', CORE_LAYERS),
  ...featureFolders('electron/cli', CORE_LAYERS),
  ...featureFolders('electron/main', []),
  ...featureFolders('electron/preload', []),
  { files: ['simulators/**/*.ts'], rules: layer([ELECTRON, MAIN_ONLY, RENDERER, NO_CORE]) },
  ...featureFolders('simulators/*', [ELECTRON, MAIN_ONLY, RENDERER, NO_CORE]),
  { files: ['renderer/**/*.{ts,vue}'], rules: layer([ELECTRON, NODE, ELECTRON_TREE, CLIMBING]) },
  {
    files: ['electron/main/**/*.ts'],
    ignores: ['electron/main/ipc-bridge.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='ipcMain']", message: 'Register IPC handlers through ipc-bridge.ts (sender check, schema, typed errors).' },
        {
          selector: "CallExpression[callee.property.name='send'][callee.object.property.name='webContents']",
          message: 'Push to the renderer through ipc-bridge.ts (the event bus and its schemas).',
        },
        { selector: "PropertyDefinition[accessibility='private']", message: 'Use #private fields (one privacy style).' },
        { selector: "MethodDefinition[kind!='constructor'][accessibility='private']", message: 'Use #private methods (one privacy style).' },
      ],
    },
  },
  { files: ['renderer/**/*.{ts,vue}'], rules: { 'no-restricted-syntax': ['error', ...RENDERER_SYNTAX, STATUSPAGE_READ_ONLY_IN_LIB] } },
  { files: ['renderer/src/lib/statuspal-read.ts'], rules: { 'no-restricted-syntax': ['error', ...RENDERER_SYNTAX] } },
  { files: ['shared/validation/email.ts'], rules: { 'no-restricted-properties': ['error', ...OUTBOUND_PROPERTIES] } },
  // The simulators stand in for the world outside; their control client is no part of the app.
  { files: ['simulators/**/*.ts'], rules: { 'no-restricted-globals': 'off' } },
  { files: ['electron/core/http/**/*.ts'], rules: { 'no-restricted-properties': ['error', EMAIL], 'no-restricted-globals': 'off' } },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{ts,mjs,js}', '*.config.{ts,js}', 'bin/**/*.js'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-restricted-syntax': 'off', 'no-restricted-properties': 'off', 'no-restricted-globals': 'off' },
  },
  // The launcher is CommonJS (bin/package.json): require is its import.
  { files: ['bin/**/*.js'], languageOptions: { sourceType: 'commonjs' }, rules: { '@typescript-eslint/no-require-imports': 'off' } },
);
