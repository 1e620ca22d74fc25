import { useEffect } from 'react';

/**
 * The editors showing each draft, told when its stored text is replaced (Discard edits, a restore,
 * a conflict choice), kept above the editor as the holds are (draft-holds.ts). Told through the
 * screen that was open when it was pressed, a screen opened again on the draft meanwhile (Delete
 * then Undo, All posts then the post) was never remounted: the hold gone, it turned editable on
 * the text read before, and the next word saved the discarded edits back (review R4).
 */
const screens = new Set<{ draftId: string; remount(): Promise<void> }>();

/**
 * The draft's stored text was replaced: whichever editor shows it now remounts on it, each at its
 * own place (a screen opened again reads none from the one where it was pressed, long gone).
 */
export async function textReplaced(draftId: string): Promise<void> {
  const told = [...screens].filter((screen) => screen.draftId === draftId);
  await Promise.all(told.map((screen) => screen.remount()));
}

/**
 * Calls `remount` while mounted, each time the draft's stored text is replaced; it resolves once
 * the editor remounted on it has rendered.
 */
export function useTextReplaced(draftId: string, remount: () => Promise<void>): void {
  useEffect(() => {
    const screen = { draftId, remount };
    screens.add(screen);
    return () => void screens.delete(screen);
  }, [draftId, remount]);
}
