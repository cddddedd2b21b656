import { describe, expect, it } from 'vitest';
import { diagnosticsText, hostsOnly } from '../../../electron/core/logging/diagnostics-report';

describe('Copy diagnostics', () => {
  it('says versions, system, data folder, keychain, counts and the last errors, one fact a line', () => {
    const text = diagnosticsText({
      app: { name: 'Statusdesk', version: '1.2.3', packaged: true, demo: false },
      versions: { electron: '45.5.0', chrome: '140.0', node: '22.20.0', v8: undefined },
      os: { platform: 'linux', release: '6.1.0', arch: 'x64', locale: 'en-GB' },
      dataDir: '/home/ana/.config/Statusdesk',
      logsDir: '/home/ana/.config/Statusdesk/logs',
      keychain: { keychainAvailable: false, backend: 'secret-service', reason: 'the keyring is locked' },
      pages: { own: 3, providers: 2, stale: 1 },
      accounts: { count: 2, hosts: ['api.statuspal.io', 'api.statuspal.io'] },
      outbox: { pending: 1, in_flight: 0, failed: 2, conflicts: 0, sent: 7 },
      recentErrors: [
        {
          at: '2026-01-01T10:00:00.000Z',
          text: 'page Acme could not be checked: GET https://api.statuspal.io/api/v2/status_pages/acme/summary?token=abc failed',
        },
      ],
      at: new Date('2026-01-01T12:00:00Z'),
    });
    expect(text.split('\n')).toEqual([
      'Statusdesk 1.2.3 (installed)',
      'Collected: 2026-01-01T12:00:00.000Z',
      'Versions: electron 45.5.0, chrome 140.0, node 22.20.0',
      'System: linux 6.1.0 x64, locale en-GB',
      'Data folder: /home/ana/.config/Statusdesk',
      'Logs: /home/ana/.config/Statusdesk/logs',
      'Keychain: unavailable (secret-service): the keyring is locked',
      'Pages: 3 own, 2 providers, 1 stale',
      'Accounts: 2 (servers: api.statuspal.io)',
      'Outbox: pending 1, in_flight 0, failed 2, conflicts 0, sent 7',
      'Last errors:',
      '  2026-01-01T10:00:00.000Z page Acme could not be checked: GET api.statuspal.io failed',
      '',
    ]);
  });

  it('reduces every address in a sentence to its host', () => {
    expect(hostsOnly('see http://127.0.0.1:4010/api/v2/x?api_key=1 and https://a.example/b#c.')).toBe('see 127.0.0.1:4010 and a.example.');
  });
});
