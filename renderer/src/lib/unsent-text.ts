/**
 * Whether any editor holds typed text that has not been sent. While one does, closing or reloading the window
 * asks first: the page's beforeunload refuses, and the main process turns that refusal into a native question
 * (electron/main/leave-question.ts). The listener is there only while something is held, so a window with no
 * unsent text closes and reloads at once.
 */
export class UnsentText {
  readonly #target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  readonly #holders = new Set<symbol>();

  constructor(target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>) {
    this.#target = target;
  }

  get held(): boolean {
    return this.#holders.size > 0;
  }

  /** An editor has unsent text from now on; returns its release (once the text is sent, thrown away, or kept as a draft and closed). */
  hold(): () => void {
    const id = Symbol('unsent-text');
    if (this.#holders.size === 0) this.#target.addEventListener('beforeunload', refuseUnload);
    this.#holders.add(id);
    return () => {
      if (this.#holders.delete(id) && this.#holders.size === 0) this.#target.removeEventListener('beforeunload', refuseUnload);
    };
  }
}

/** Chromium takes preventDefault as the refusal since version 119 (Electron 28); returnValue is not needed. */
function refuseUnload(event: Event): void {
  event.preventDefault();
}

let forWindow: UnsentText | null = null;

/** The window's own: what every editor dialog holds while it is dirty (EditorDialog.vue). */
export function holdUnsentText(): () => void {
  forWindow ??= new UnsentText(window);
  return forWindow.hold();
}
