// New post (Ctrl/Cmd+N) first saves the post being left, then makes the new one: a tenth of a
// second or more before the new title takes the keyboard. A writer types on at once. Those keys
// went into the post being left (saved there, and synced), or nowhere; they are the new title's.

let held: string[] | null = null;
let release: ReturnType<typeof setTimeout> | undefined;

const hold = (event: KeyboardEvent): void => {
  if (held === null || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
  if (event.key.length === 1) held.push(event.key);
  else if (event.key === 'Backspace') held.pop();
  else return;
  event.preventDefault();
  event.stopPropagation();
};

/** From now until the new draft's title takes them (or a few seconds pass), keys are held. */
export function holdKeysForNewDraft(): void {
  takeHeldKeys();
  held = [];
  // Nothing where the writer was takes another key: not the post being left.
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  window.addEventListener('keydown', hold, true);
  // A new draft that never opens (an error, said) gives the keyboard back.
  release = setTimeout(takeHeldKeys, 5_000);
}

/** The keys held since New post, and the keyboard back to whatever has the focus. */
export function takeHeldKeys(): string {
  window.removeEventListener('keydown', hold, true);
  clearTimeout(release);
  const text = held?.join('') ?? '';
  held = null;
  return text;
}
