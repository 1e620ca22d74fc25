// New post (Ctrl/Cmd+N) first saves the post being left, then makes the new one: a tenth of a
// second or more (a slow disk: longer) before the new title takes the keyboard. A writer types
// on at once. Those keys went into the post being left (saved there, and synced), or nowhere;
// they are the new post's: its title, and after an Enter its text.

let held: string[] | null = null;
let heldFrom: HTMLElement | null = null;
/** Which New post the keys are held for: a late word about an earlier one changes nothing. */
let holding = 0;

const hold = (event: KeyboardEvent): void => {
  if (held === null || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
  if (event.key.length === 1) held.push(event.key);
  else if (event.key === 'Enter') held.push('\n');
  else if (event.key === 'Backspace') held.pop();
  else return;
  event.preventDefault();
  event.stopPropagation();
};

const stopHolding = (): string => {
  window.removeEventListener('keydown', hold, true);
  const text = held?.join('') ?? '';
  held = null;
  return text;
};

/** Whether keys are held for a New post on its way. */
export const holdingKeys = (): boolean => held !== null;

/**
 * From now until the new draft takes them, or the post being left stays. No timer gives them
 * back: into a post still being left (a slow disk), they would be saved there and synced. Already
 * holding (New post pressed again), it holds on.
 */
export function holdKeysForNewDraft(): number {
  if (held !== null) return holding;
  held = [];
  holding++;
  // Nothing where the writer was takes another key: not the post being left.
  heldFrom = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  heldFrom?.blur();
  window.addEventListener('keydown', hold, true);
  return holding;
}

/** The keys held since New post, for the new draft: the title, then (after an Enter) the text. */
export function takeHeldKeys(): { title: string; text: string[] } {
  const [title = '', ...text] = stopHolding().split('\n');
  heldFrom = null;
  return { title, text };
}

/**
 * No new draft came (the post being left could not be saved, or the new one not made): the
 * keyboard goes back where it was, with what was typed meanwhile, as if nothing had held it.
 */
export function giveBackHeldKeys(forHold = holding): void {
  if (forHold !== holding || held === null) return;
  const text = stopHolding();
  const back = heldFrom;
  heldFrom = null;
  if (!back?.isConnected) return;
  back.focus();
  if (text) document.execCommand('insertText', false, text);
}
