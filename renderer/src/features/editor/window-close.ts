/**
 * Words not yet stored somewhere in the window: the open editor's (save-before-close.ts), those of
 * editors closed unsaved (closed-unsaved.ts).
 */
export interface CloseHolder {
  /**
   * Whether the window's close waits for these words: false when there are none, or when they
   * were refused and the writer told so (their next close goes through: a full disk must never
   * trap them in the window).
   */
  holds(): boolean;
  /** One more try at storing them; true when stored. Refused, it says so to the writer itself. */
  save(): Promise<boolean>;
}

const holders = new Set<CloseHolder>();
let saving = false;
/** The close the app makes once all is stored, not one of the writer's. */
let ownClose = false;

/**
 * One holder of the window's close for all words not yet stored. Each kept its own, closing the
 * window once its own words were stored; in Electron that close runs beforeunload again, and the
 * other, having told the writer "Close again to close anyway", let it through: the window closed
 * by itself over words still refused (a review of the editor's ways out). Now the close is held
 * while any holder holds, all of them try at once, and the window closes itself only when all
 * stored their words. Electron cancels a held close silently (a browser asks "Leave site?").
 */
function holdClose(event: BeforeUnloadEvent): void {
  const due = [...holders].filter((holder) => holder.holds());
  // The app's own close comes only once every holder has stored its words: it goes through.
  if (ownClose && due.length === 0) {
    ownClose = false;
    return;
  }
  ownClose = false;
  if (due.length === 0) return;
  event.preventDefault();
  // A close pressed again while the words are on their way waits for the same tries.
  if (saving) return;
  saving = true;
  void Promise.all(due.map((holder) => holder.save().catch(() => false))).then((stored) => {
    saving = false;
    if (!stored.every(Boolean)) return;
    ownClose = true;
    window.close();
  });
}

/** The window's close waits for the holder's words until the function returned is called. */
export function holdWindowClose(holder: CloseHolder): () => void {
  if (holders.size === 0) window.addEventListener('beforeunload', holdClose);
  holders.add(holder);
  return () => {
    holders.delete(holder);
    if (holders.size === 0) window.removeEventListener('beforeunload', holdClose);
  };
}
