import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { HELP_LABELS } from '../../../electron/core/desktop/application-menu';
import { boot, invoke, invokeOk, liveWindows, useBootHarness } from './support/boot';
import { fake } from './support/fake-electron';

// On the composition root: the main log, the crash reporter, processes that end, the
// window's errors, and the Help menu's Open Logs Folder and Copy Diagnostics.
vi.mock('electron', async () => (await import('./support/fake-electron')).electronModule);

const harness = useBootHarness();

const mainLog = () => path.join(harness.dir, 'logs', 'main.log');
const logText = () => (fs.existsSync(mainLog()) ? fs.readFileSync(mainLog(), 'utf8') : '');

function helpItem(label: string): { click: () => void } {
  const menu = fake.Menu.getApplicationMenu() as {
    template: Array<{ label?: string; role?: string; submenu?: Array<{ label?: string; click?: () => void }> }>;
  };
  const help = menu.template.find((item) => item.label === 'Help' || item.role === 'help');
  const item = help?.submenu?.find((entry) => entry.label === label);
  if (!item?.click) throw new Error(`no Help entry "${label}"`);
  return item as { click: () => void };
}

describe('logs and crashes', () => {
  it('starts the log in the data folder with the versions, and keeps crash dumps there without uploading', async () => {
    await boot();
    await vi.waitFor(() => expect(logText()).toMatch(/info {2}Statusdesk 9\.9\.9 \(development\) started: .*node \d+/));
    expect(fake.app.setPath).toHaveBeenCalledWith('crashDumps', path.join(harness.dir, 'crashes'));
    expect(fake.crashReporter.start).toHaveBeenCalledTimes(1);
    expect(fake.crashReporter.start.mock.calls[0]![0]).toMatchObject({ uploadToServer: false });
    await vi.waitFor(() => expect(logText()).toMatch(/keychain: (available|unavailable)/));
  });

  it('logs a helper process and a window renderer that end, with their reasons', async () => {
    await boot();
    fake.app.emit('child-process-gone', {}, { type: 'GPU', reason: 'crashed', exitCode: 139, name: 'GPU' });
    liveWindows()[0]!.webContents.crash('oom', 137);
    await vi.waitFor(() => {
      expect(logText()).toMatch(/error process gone: GPU \(GPU\): crashed, exit code 139/);
      expect(logText()).toMatch(/error window: the page's renderer is gone \(oom, exit code 137\)/);
    });
  });

  it("logs the window's errors and IPC refusals", async () => {
    await boot();
    await invokeOk('diagnostics.reportRendererError', { kind: 'error', message: 'TypeError: x is undefined', where: 'render function' });
    await invoke('monitor.addPage', { region: 'nowhere' });
    await vi.waitFor(() => {
      expect(logText()).toMatch(/error window: error in render function: TypeError: x is undefined/);
      expect(logText()).toMatch(/warn {2}ipc monitor\.addPage: refused \(invalid_input\)/);
    });
  });

  it('Help → Copy Diagnostics puts the diagnostics on the clipboard; Open Logs Folder opens logs/', async () => {
    await boot();
    await invokeOk('accounts.add', {
      name: 'Acme',
      region: 'custom',
      baseUrl: 'http://127.0.0.1:9/api/v2',
      subdomain: 'acme',
      sessionOnlyKey: true,
      apiKey: 'k'.repeat(32),
    });
    helpItem(HELP_LABELS.copyDiagnostics).click();
    await vi.waitFor(() => expect(fake.clipboard.text).toMatch(/^Statusdesk 9\.9\.9 \(development\)/));
    expect(fake.clipboard.text).toContain(`Data folder: ${harness.dir}`);
    expect(fake.clipboard.text).toContain('Accounts: 1 (servers: 127.0.0.1:9)');
    expect(fake.clipboard.text).not.toContain('k'.repeat(32));
    expect(fake.clipboard.text).not.toContain('/api/v2');
    helpItem(HELP_LABELS.openLogsFolder).click();
    await vi.waitFor(() => expect(fake.shell.openPath).toHaveBeenCalledWith(path.join(harness.dir, 'logs')));
    // Settings does the same through IPC.
    expect(await invokeOk('diagnostics.openLogsFolder')).toEqual({ opened: true, folder: path.join(harness.dir, 'logs') });
    expect(await invokeOk<{ copied: boolean; text: string }>('diagnostics.copy')).toMatchObject({ copied: true });
  });
});
