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
}

/** UI state only: what is open and how lists are viewed. Data lives in TanStack Query. */
interface UiState {
  kind: RecordKind;
  page: number;
  perPage: PerPage;
  draftsOnly: boolean;
  search: string;
  openDraftId: string | null;
  addingPublication: boolean;
  notices: Notice[];
  showKind(kind: RecordKind): void;
  setPage(page: number): void;
  setPerPage(perPage: PerPage): void;
  setDraftsOnly(draftsOnly: boolean): void;
  setSearch(search: string): void;
  openDraft(id: string | null): void;
  setAddingPublication(open: boolean): void;
  notify(notice: Omit<Notice, 'id'>): number;
  dismiss(id: number): void;
}

let nextNotice = 1;

export const useUi = create<UiState>()((set) => ({
  kind: 'post',
  page: 1,
  perPage: 20,
  draftsOnly: false,
  search: '',
  openDraftId: null,
  addingPublication: false,
  notices: [],
  showKind: (kind) => set({ kind, page: 1, search: '', openDraftId: null }),
  setPage: (page) => set({ page: Math.max(1, page) }),
  setPerPage: (perPage) => set({ perPage, page: 1 }),
  setDraftsOnly: (draftsOnly) => set({ draftsOnly, page: 1 }),
  setSearch: (search) => set({ search }),
  openDraft: (openDraftId) => set({ openDraftId }),
  setAddingPublication: (addingPublication) => set({ addingPublication }),
  notify: (notice) => {
    const id = nextNotice++;
    set((state) => ({ notices: [...state.notices.slice(-3), { ...notice, id }] }));
    return id;
  },
  dismiss: (id) => set((state) => ({ notices: state.notices.filter((n) => n.id !== id) })),
}));
