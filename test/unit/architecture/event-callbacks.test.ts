import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../support/paths';

/*
 * What happens in the app is published on its bus (electron/core/events/app-events.ts, docs/architecture.md),
 * not told through an `onX` callback option that AppCore fills with a closure. The options left are ports of
 * lower layers (a client's retry, a file's damage, the command line's progress); their number only goes down.
 */

/** Callback options declared in the core now; lower it when one goes, never raise it. */
const CALLBACK_OPTIONS_CEILING = 30;

/** The features that publish to the bus: none takes a callback option for what it publishes. */
const PUBLISHERS = [
  'electron/core/monitor/monitor-feature.ts',
  'electron/core/outbox/outbox-feature.ts',
  'electron/core/accounts/accounts-service.ts',
  'electron/core/desktop/desktop-prefs-feature.ts',
  'electron/core/snooze/snooze-feature.ts',
  'electron/core/critical/critical-alerts.ts',
  'electron/core/updates/updates-feature.ts',
  'electron/core/shortcuts/global-shortcut-feature.ts',
  'electron/core/logging/app-problems.ts',
  'electron/core/operations/operations-feature.ts',
];

/** `onSomething?: (…) => void;` and `onSomething: …;` as members of an options type (an object literal's end in a comma). */
function callbackOptions(source: string): string[] {
  return [...source.matchAll(/^\s*(?:readonly\s+)?(on[A-Z]\w*)\??:.*;\s*$/gm)].map((match) => match[1]!);
}

function coreFiles(): string[] {
  const root = path.join(repoRoot, 'electron/core');
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('app events go on the bus, not through callback options', () => {
  it('the core declares no more callback options than it does now', () => {
    const found = coreFiles().flatMap((file) => callbackOptions(fs.readFileSync(file, 'utf8')).map((name) => `${path.relative(repoRoot, file)}: ${name}`));
    expect(found.length, `callback options in electron/core:\n${found.join('\n')}`).toBeLessThanOrEqual(CALLBACK_OPTIONS_CEILING);
  });

  it.each(PUBLISHERS)('%s publishes to the bus and takes no callback option', (file) => {
    expect(callbackOptions(fs.readFileSync(path.join(repoRoot, file), 'utf8'))).toEqual([]);
  });
});
