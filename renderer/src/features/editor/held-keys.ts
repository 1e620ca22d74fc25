// New post (Ctrl/Cmd+N) first saves the post being left, then makes the new one: a tenth of a
// second or more (a slow disk: longer) before the new title takes the keyboard. A writer types
// on at once. Those keys went into the post being left (saved there, and synced), or nowhere;
// they are the new post's: its title, and after an Enter its text.

let held: string[] | null = null;
let heldFrom: HTMLElement | null = null;
let release: ReturnType<typeof setTimeout> | undefined;

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
  clearTimeout(release);
  const text = held?.join('') ?? '';
  held = null;
  return text;
};

/** From now until the new draft takes them (or the post stays, or a few seconds pass). */
export function holdKeysForNewDraft(): void {
  giveBackHeldKeys();
  held = [];
  // Nothing where the writer was takes another key: not the post being left.
  heldFrom = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  heldFrom?.blur();
  window.addEventListener('keydown', hold, true);
  release = setTimeout(giveBackHeldKeys, 5_000);
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
export function giveBackHeldKeys(): void {
  const text = stopHolding();
  const back = heldFrom;
  heldFrom = null;
  if (!back?.isConnected) return;
  back.focus();
  if (text) document.execCommand('insertText', false, text);
}
