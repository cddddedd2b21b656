/**
 * Enter and Escape in a name typed inline inside an editor (a template's name): Enter `saves`, Escape `cancels`
 * the naming only, without closing the dialog. With `enterStaysInside`, Enter (Ctrl+Enter too) does not reach
 * the editor either, so it never queues the incident.
 */
export function onInlineNameKeydown(
  event: Pick<KeyboardEvent, 'key' | 'preventDefault' | 'stopPropagation'>,
  actions: { save: () => void; cancel: () => void; enterStaysInside: boolean },
): void {
  if (event.key !== 'Enter' && event.key !== 'Escape') return;
  event.preventDefault();
  if (event.key === 'Escape' || actions.enterStaysInside) event.stopPropagation();
  if (event.key === 'Enter') actions.save();
  else actions.cancel();
}
