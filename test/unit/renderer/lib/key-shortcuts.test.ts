import { describe, expect, it } from 'vitest';
import { shortcutOf, shortcutsFor, type KeyPress } from '../../../../renderer/src/lib/key-shortcuts';

const press = (key: string, over: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  targetTag: 'BODY',
  targetEditable: false,
  dialogOpen: false,
  mac: false,
  ...over,
});

describe('keyboard shortcuts', () => {
  it('Ctrl+K (⌘K on a Mac) opens the palette, even from a text field', () => {
    expect(shortcutOf(press('k', { ctrlKey: true }))).toBe('palette');
    expect(shortcutOf(press('K', { ctrlKey: true, targetTag: 'INPUT' }))).toBe('palette');
    expect(shortcutOf(press('k', { metaKey: true, mac: true, targetTag: 'TEXTAREA' }))).toBe('palette');
    expect(shortcutOf(press('k', { metaKey: true }))).toBeNull();
    expect(shortcutOf(press('k', { ctrlKey: true, mac: true }))).toBeNull();
  });

  it('single keys act only where they would type nothing', () => {
    expect(shortcutOf(press('/'))).toBe('search');
    expect(shortcutOf(press('n'))).toBe('new-incident');
    expect(shortcutOf(press('?'))).toBe('help');
    for (const tag of ['INPUT', 'TEXTAREA', 'SELECT']) expect(shortcutOf(press('n', { targetTag: tag }))).toBeNull();
    expect(shortcutOf(press('n', { targetEditable: true }))).toBeNull();
    expect(shortcutOf(press('n', { dialogOpen: true }))).toBeNull();
    expect(shortcutOf(press('n', { ctrlKey: true }))).toBeNull();
    expect(shortcutOf(press('x'))).toBeNull();
  });

  it('names the keys per platform', () => {
    expect(shortcutsFor(true)[0]).toMatchObject({ keys: '⌘K', aria: 'Meta+K' });
    expect(shortcutsFor(false)[0]).toMatchObject({ keys: 'Ctrl+K', aria: 'Control+K' });
  });
});
