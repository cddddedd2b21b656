import { describe, expect, it, vi } from 'vitest';
import { paletteCommands, type PaletteActions, type PaletteInputs } from '../../../../renderer/src/lib/palette-commands';

function actions(): PaletteActions {
  return {
    goTo: vi.fn(),
    openPage: vi.fn(),
    newIncident: vi.fn(),
    searchIncidents: vi.fn(),
    checkAllNow: vi.fn(async () => undefined),
    setCompact: vi.fn(),
    pauseNotifications: vi.fn(async () => undefined),
    resumeNotifications: vi.fn(async () => undefined),
    showShortcuts: vi.fn(),
  };
}

const inputs: PaletteInputs = {
  screens: [
    { id: 'dashboard', label: 'Dashboard' },
    { id: 'outbox', label: 'Outbox' },
  ],
  pages: [
    { id: 'p1', name: 'Acme', worstIncidentTitle: 'Database unavailable' },
    { id: 'p2', name: 'Globex', worstIncidentTitle: null },
  ],
  compact: false,
  paused: false,
  keys: { search: '/', newIncident: 'N', help: '?' },
};

describe('palette commands', () => {
  it('lists the actions, the screens, the pages and their open incidents, with their shortcuts', () => {
    const labels = paletteCommands(inputs, actions()).map((command) => [command.group, command.label, command.keys ?? '']);
    expect(labels).toEqual([
      ['Action', 'New incident', 'N'],
      ['Action', 'Search incidents', '/'],
      ['Action', 'Check all pages now', ''],
      ['Action', 'Show the dashboard as a compact list', ''],
      ['Action', 'Mute notifications for 1 hour', ''],
      ['Action', 'Keyboard shortcuts', '?'],
      ['Screen', 'Go to Dashboard', ''],
      ['Screen', 'Go to Outbox', ''],
      ['Page', 'Go to page Acme', ''],
      ['Page', 'Go to page Globex', ''],
      ['Incident', 'Database unavailable (Acme)', ''],
    ]);
  });

  it('each runs what it says; toggles read the current state', async () => {
    const done = actions();
    const commands = paletteCommands({ ...inputs, compact: true, paused: true }, done);
    const run = (label: string) => commands.find((command) => command.label === label)!.run();
    await run('Show the dashboard as cards');
    expect(done.setCompact).toHaveBeenCalledWith(false);
    await run('Resume notifications');
    expect(done.resumeNotifications).toHaveBeenCalled();
    await run('Database unavailable (Acme)');
    expect(done.openPage).toHaveBeenCalledWith('p1');
    await run('Go to Outbox');
    expect(done.goTo).toHaveBeenCalledWith('outbox');
    await run('Check all pages now');
    expect(done.checkAllNow).toHaveBeenCalled();
    await run('New incident');
    expect(done.newIncident).toHaveBeenCalled();
  });
});
