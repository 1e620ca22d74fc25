import { bridge } from '../../bridge';

let chosen: string | null = null;

/**
 * Makes a publication the active one. The one chosen last, by a click in the sidebar or by Undo
 * of a Delete turning back to the post's publication, is the one the app ends on, whichever call
 * the core answers first (review P2: Archive, then Big, Big answered first, ended on Archive;
 * review P4: Undo pressed while a switch was on its way ended split between the two).
 */
export async function turnTo(id: string): Promise<void> {
  chosen = id;
  await bridge.publications.setActive({ id });
  const last = chosen;
  if (last !== id) await bridge.publications.setActive({ id: last });
}

/** The publication chosen last, if any was chosen in this window. */
export const lastChosen = (): string | null => chosen;
