import { create } from 'zustand';
import type { RecordKind } from '../../shared/model';

export type PerPage = 10 | 20 | 50 | 100;

export interface Notice {
  id: number;
  tone: 'info' | 'error';
  message: string;
  /** Shown as a button beside the message, e.g. Undo during a delete's window. */
  action?: { label: string; run: () => void };
  until?: number;
  /**
   * Asks the core for more time before `until`, while the writer is on the notice: the new
   * deadline, or null when it is too late.
   */
  hold?: () => Promise<number | null>;
  /** Take the keyboard focus: only for a notice answering the writer's own action (Delete). */
  focus?: boolean;
  /** What it is about: settling that (a conflict resolved) takes the notice away. */
  about?: string;
  /** The publication it is of: removing that takes it away (its Undo said "no longer exists"). */
  publicationId?: string;
  /**
   * Said aloud already where it stands on the page (a refusal's line above the title, out of
   * sight): shown here, not said a second time (review R10 heard it twice).
   */
  said?: boolean;
  shownAt: number;
}

export type NoticeRequest = Omit<Notice, 'id' | 'shownAt'>;

const MOST_NOTICES = 4;

/**
 * The notices shown, less the oldest passing ones if a new one would make more than four. A
 * failure stays until dismissed and an offer (Undo) until its time is up, however many come.
 */
export function withRoomForOneMore(notices: Notice[]): Notice[] {
  let spare = notices.length + 1 - MOST_NOTICES;
  return notices.filter((notice) => {
    const passing = notice.tone !== 'error' && notice.action === undefined;
    if (spare > 0 && passing) {
      spare--;
      return false;
    }
    return true;
  });
}

/**
 * One notice a subject: the newer one about the same thing says what still holds. The same words
 * said again (opening the same post twice) move to the end and start their time again rather
 * than stand twice.
 */
function supersedes(notice: NoticeRequest, shown: Notice): boolean {
  if (notice.about !== undefined && shown.about === notice.about) return true;
  return (
    shown.message === notice.message &&
    shown.tone === notice.tone &&
    shown.action === undefined &&
    notice.action === undefined
  );
}

/** UI state only: what is open and how lists are viewed. Data lives in TanStack Query. */
interface UiState {
  kind: RecordKind;
  page: number;
  perPage: PerPage;
  draftsOnly: boolean;
  search: string;
  openDraftId: string | null;
  /** The draft whose editor just closed: the list puts the keyboard back on its row. */
  returnTo: string | null;
  addingPublication: boolean;
  /**
   * The publication a switch shows chosen before the core has answered (a refused switch turns
   * back, and gives the list its search and filters back).
   */
  switchingTo: string | null;
  /** The publication the list's page, search and "Drafts only" were set for. */
  listedFor: string | null;
  notices: Notice[];
  showKind(kind: RecordKind): void;
  setPage(page: number): void;
  setPerPage(perPage: PerPage): void;
  setDraftsOnly(draftsOnly: boolean): void;
  setSearch(search: string): void;
  openDraft(id: string | null): void;
  clearReturnTo(): void;
  setAddingPublication(open: boolean): void;
  setSwitchingTo(id: string | null): void;
  setListedFor(id: string | null): void;
  notify(notice: NoticeRequest): number;
  dismiss(id: number): void;
  /** A notice's deadline moved (a hold granted). */
  setUntil(id: number, until: number): void;
  dismissAbout(about: string): void;
  /** Every notice of a publication, which the writer removed. */
  dismissOf(publicationId: string): void;
}

let nextNotice = 1;

export const useUi = create<UiState>()((set) => ({
  kind: 'post',
  page: 1,
  perPage: 20,
  draftsOnly: false,
  search: '',
  openDraftId: null,
  returnTo: null,
  addingPublication: false,
  switchingTo: null,
  listedFor: null,
  notices: [],
  showKind: (kind) => set({ kind, page: 1, search: '', openDraftId: null, returnTo: null }),
  setPage: (page) => set({ page: Math.max(1, page) }),
  setPerPage: (perPage) => set({ perPage, page: 1 }),
  setDraftsOnly: (draftsOnly) => set({ draftsOnly, page: 1 }),
  setSearch: (search) => set({ search }),
  openDraft: (openDraftId) =>
    set((state) => ({ openDraftId, returnTo: openDraftId === null ? state.openDraftId : null })),
  clearReturnTo: () => set({ returnTo: null }),
  setAddingPublication: (addingPublication) => set({ addingPublication }),
  setSwitchingTo: (switchingTo) => set({ switchingTo }),
  setListedFor: (listedFor) => set({ listedFor }),
  notify: (notice) => {
    const id = nextNotice++;
    set((state) => ({
      notices: withRoomForOneMore(
        state.notices.filter((shown) => !supersedes(notice, shown)),
      ).concat({ ...notice, id, shownAt: Date.now() }),
    }));
    return id;
  },
  dismiss: (id) => set((state) => ({ notices: state.notices.filter((n) => n.id !== id) })),
  setUntil: (id, until) =>
    set((state) => ({ notices: state.notices.map((n) => (n.id === id ? { ...n, until } : n)) })),
  // Nothing about it shown: the state stays as it is, so nothing subscribed to it re-renders.
  dismissAbout: (about) =>
    set((state) =>
      state.notices.some((n) => n.about === about)
        ? { notices: state.notices.filter((n) => n.about !== about) }
        : state,
    ),
  dismissOf: (publicationId) =>
    set((state) =>
      state.notices.some((n) => n.publicationId === publicationId)
        ? { notices: state.notices.filter((n) => n.publicationId !== publicationId) }
        : state,
    ),
}));
