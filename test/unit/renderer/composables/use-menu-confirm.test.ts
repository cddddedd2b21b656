import { describe, expect, it } from 'vitest';
import { useMenuConfirm } from '../../../../renderer/src/composables/use-menu-confirm';

describe('useMenuConfirm', () => {
  it('offers the action as a danger item of the menu', () => {
    expect(useMenuConfirm('Stop watching…').menuItems).toEqual([{ id: 'remove', label: 'Stop watching…', danger: true }]);
  });

  it('asks first, with the focus on Keep once it is shown', async () => {
    const { asking, keep, onMenu } = useMenuConfirm('Remove account…');
    let focused = false;
    // Only focus() is asked of the Keep button.
    keep.value = {
      focus: () => {
        focused = true;
      },
    } as unknown as HTMLButtonElement;
    await onMenu('remove');
    expect(asking.value).toBe(true);
    expect(focused).toBe(true);
  });

  it('ignores any other item', async () => {
    const { asking, onMenu } = useMenuConfirm('Remove account…');
    await onMenu('rename');
    expect(asking.value).toBe(false);
  });
});
