// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PublicationView } from '../../../../shared/views';
import { activePublication, heldCalls, installRealCore } from '../../testing/real-core';
import type { useUi as UseUi } from '../../ui-store';
import type { RecordList as RecordListComponent } from './RecordList';

// Real parts: a desktop core with the seeded sample publication behind the browser host.
const bridge = installRealCore();
let RecordList: typeof RecordListComponent;
let useUi: typeof UseUi;
let publication: PublicationView;
beforeAll(async () => {
  ({ RecordList } = await import('./RecordList'));
  ({ useUi } = await import('../../ui-store'));
  publication = await activePublication(bridge);
});
afterEach(cleanup);

/** The global setup's second service, added once as a publication through the real core. */
async function archivePublication(): Promise<PublicationView> {
  const { baseUrl, subdomain, token } = inject('quireHost').failingThirdPage;
  const known = (await bridge.publications.list({})).find((p) => p.baseUrl === baseUrl);
  return known ?? bridge.publications.add({ name: 'Failing archive', baseUrl, subdomain, token });
}

/** The title buttons of `count` rows whose post has no draft yet, once the list shows them. */
async function postsWithNoDraft(count: number): Promise<HTMLButtonElement[]> {
  const found = () =>
    [...document.querySelectorAll<HTMLButtonElement>('button.row-open')].filter(
      (button) => !button.dataset.draftId,
    );
  await waitFor(() => expect(found().length).toBeGreaterThanOrEqual(count), { timeout: 10_000 });
  return found().slice(0, count);
}

describe('RecordList', () => {
  it('moves to the last page when the one asked for no longer exists', async () => {
    useUi.getState().showKind('post');
    useUi.getState().setPage(9999);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RecordList publicationId={publication.id} publicationName={publication.name} />
      </QueryClientProvider>,
    );
    const pager = await screen.findByText(/^Page \d+ of \d+$/, {}, { timeout: 10_000 });
    const last = Number(/of (\d+)$/.exec(pager.textContent ?? '')?.[1]);
    await waitFor(() => expect(useUi.getState().page).toBe(last));
    // The last page's posts, not an empty page that says there are none.
    expect((await screen.findAllByRole('row', {}, { timeout: 10_000 })).length).toBeGreaterThan(1);
    expect(screen.queryByText(/^No posts yet\.$/)).toBeNull();
  });

  it('opens a row clicked anywhere, but not one whose text is being selected, nor on a double-click’s tail', async () => {
    useUi.getState().showKind('post');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RecordList publicationId={publication.id} publicationName={publication.name} />
      </QueryClientProvider>,
    );
    const title = (await screen.findAllByRole('button', {}, { timeout: 10_000 })).find((button) =>
      button.classList.contains('row-open'),
    );
    const row = title?.closest('tr');
    const updated = row?.querySelectorAll('td')[2];
    if (!title || !updated) throw new Error('no row to click');
    expect(useUi.getState().openDraftId).toBeNull();

    // A drag over the title (to copy it) ends in a click on the row: that opens nothing.
    const range = document.createRange();
    range.selectNodeContents(title);
    window.getSelection()?.addRange(range);
    fireEvent.click(updated);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(useUi.getState().openDraftId).toBeNull();

    window.getSelection()?.removeAllRanges();
    // The second click of a double-click begun elsewhere (on Delete, which closed the editor
    // under the pointer) opens nothing, on the row or on its title.
    fireEvent.click(updated, { detail: 2 });
    fireEvent.click(title, { detail: 2 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(useUi.getState().openDraftId).toBeNull();
    fireEvent.click(updated, { detail: 1 });
    await waitFor(() => expect(useUi.getState().openDraftId).not.toBeNull(), { timeout: 10_000 });
    useUi.getState().showKind('post');
  });

  // A writer's review: with the service slow to answer, a click seemed to do nothing, and the
  // first post clicked opened seconds after the second one had, under the writer.
  it('says a row is opening while the service is asked, and opens the row clicked last', async () => {
    useUi.getState().showKind('post');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RecordList publicationId={publication.id} publicationName={publication.name} />
      </QueryClientProvider>,
    );
    await screen.findByText(/^Page \d+ of \d+$/, {}, { timeout: 10_000 });
    // A post with no draft yet: opening it asks the core. The other may have one.
    const [first] = await postsWithNoDraft(1);
    const second = [...document.querySelectorAll<HTMLButtonElement>('button.row-open')].find(
      (button) => button !== first,
    );
    if (!first || !second) throw new Error('two posts are needed');
    let answer = () => {};
    heldCalls.set('drafts.open', new Promise<void>((resolve) => (answer = resolve)));
    fireEvent.click(first);
    const said = await screen.findByText('Opening…');
    const saidBeside = {
      role: said.getAttribute('role'),
      row: said.closest('tr') === first.closest('tr'),
      busy: first.getAttribute('aria-busy'),
    };
    heldCalls.delete('drafts.open');
    fireEvent.click(second);
    await waitFor(() => expect(useUi.getState().openDraftId).not.toBeNull(), { timeout: 10_000 });
    const opened = useUi.getState().openDraftId;
    answer();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const openedDraft = await bridge.drafts.get({ draftId: useUi.getState().openDraftId! });
    expect({
      saidBeside,
      stillOpen: useUi.getState().openDraftId,
      title: openedDraft.fields.title,
    }).toEqual({
      saidBeside: { role: 'status', row: true, busy: 'true' },
      stillOpen: opened,
      title: second.textContent,
    });
    useUi.getState().showKind('post');
  });

  it('says nothing of an open the writer clicked past, and opens nothing once the list is gone', async () => {
    useUi.getState().showKind('post');
    const shown = render(
      <QueryClientProvider client={new QueryClient()}>
        <RecordList publicationId={publication.id} publicationName={publication.name} />
      </QueryClientProvider>,
    );
    await screen.findByText(/^Page \d+ of \d+$/, {}, { timeout: 10_000 });
    // The sample has three posts: one with no draft yet is asked of the core, the other opens.
    const [first] = await postsWithNoDraft(1);
    const second = [...document.querySelectorAll<HTMLButtonElement>('button.row-open')].find(
      (button) => button !== first,
    );
    if (!first || !second) throw new Error('two posts are needed');
    // The first open fails late (the service away), after the writer clicked on.
    let fail = (_: Error) => {};
    heldCalls.set('drafts.open', new Promise<void>((_, reject) => (fail = reject)));
    fireEvent.click(first);
    await screen.findByText('Opening…');
    heldCalls.delete('drafts.open');
    fireEvent.click(second);
    await waitFor(() => expect(useUi.getState().openDraftId).not.toBeNull(), { timeout: 10_000 });
    fail(new Error('Cannot reach the service'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const saidOfFirst = useUi
      .getState()
      .notices.filter((notice) => notice.message.includes('Cannot reach the service'));
    // Back in the list, the writer clicks a third post and leaves before it answers.
    useUi.getState().showKind('post');
    let answer = () => {};
    heldCalls.set('drafts.open', new Promise<void>((resolve) => (answer = resolve)));
    // The first, failed, made no draft: asked of the core again.
    fireEvent.click(first);
    await screen.findByText('Opening…');
    shown.unmount();
    heldCalls.delete('drafts.open');
    answer();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect({ saidOfFirst, opened: useUi.getState().openDraftId }).toEqual({
      saidOfFirst: [],
      opened: null,
    });
  });

  // A writer's review: "Fetch all 3 pages to search them" under a list of one page, all on screen.
  it('offers no fetch for a search of a list that is one page, read just now', async () => {
    useUi.getState().showKind('page');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RecordList publicationId={publication.id} publicationName={publication.name} />
      </QueryClientProvider>,
    );
    const pager = await screen.findByText(/^Page \d+ of \d+$/, {}, { timeout: 10_000 });
    expect(pager.textContent).toBe('Page 1 of 1');
    useUi.getState().setSearch('the');
    try {
      const said = await screen.findByText(/^The search covers all \d+ pages of /);
      expect({
        said: said.textContent,
        offered: screen.queryByRole('button', { name: /^Fetch all/ }),
      }).toEqual({
        said: expect.stringMatching(
          new RegExp(`^The search covers all \\d+ pages of ${publication.name}\\.$`),
        ),
        offered: null,
      });
    } finally {
      useUi.getState().setSearch('');
      useUi.getState().showKind('post');
    }
  });

  it.each([
    ['switches to Pages', () => useUi.getState().showKind('page')],
    ['types a search', () => useUi.getState().setSearch('zzzz-nothing')],
  ])(
    'opens nothing clicked before the writer %s, answering late (review 50)',
    async (_, moveOn) => {
      useUi.getState().showKind('post');
      render(
        <QueryClientProvider client={new QueryClient()}>
          <RecordList publicationId={publication.id} publicationName={publication.name} />
        </QueryClientProvider>,
      );
      await screen.findByText(/^Page \d+ of \d+$/, {}, { timeout: 10_000 });
      const [first] = await postsWithNoDraft(1);
      let answer = () => {};
      heldCalls.set('drafts.open', new Promise<void>((resolve) => (answer = resolve)));
      fireEvent.click(first!);
      await screen.findByText('Opening…');
      moveOn();
      heldCalls.delete('drafts.open');
      answer();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const opened = useUi.getState().openDraftId;
      useUi.getState().setSearch('');
      useUi.getState().showKind('post');
      expect(opened).toBeNull();
    },
  );

  it('finds a post by a passage pasted whole, longer than a search may be', async () => {
    // A review: the passage went whole, over the contract's 200 characters ("Invalid input").
    const passage =
      'The keepers of the light at the end of the harbour wall kept a log of every ship that ' +
      'passed, the weather, and the state of the lamp, until the light was automated in the year ' +
      'the old keepers left the rock for good.';
    expect(passage.length).toBeGreaterThan(200);
    await bridge.records.create({
      publicationId: publication.id,
      kind: 'post',
      fields: { title: 'Harbour wall keepers', content: `<p>${passage}</p>`, status: 'draft' },
    });
    useUi.getState().showKind('post');
    useUi.getState().setSearch(passage);
    try {
      render(
        <QueryClientProvider client={new QueryClient()}>
          <RecordList publicationId={publication.id} publicationName={publication.name} />
        </QueryClientProvider>,
      );
      expect(await screen.findByRole('button', { name: 'Harbour wall keepers' })).toBeTruthy();
    } finally {
      useUi.getState().setSearch('');
    }
  });

  it('keeps to drafts while searching when "Drafts only" is ticked, and says so', async () => {
    for (const status of ['draft', 'publish'] as const)
      await bridge.records.create({
        publicationId: publication.id,
        kind: 'post',
        fields: { title: `Quillfish ${status}`, content: '<p>Words.</p>', status },
      });
    // "Drafts only" means not live, as the service's filter does: the publish must have landed.
    await bridge.sync.syncNow({});
    useUi.getState().showKind('post');
    useUi.getState().setDraftsOnly(true);
    useUi.getState().setSearch('quillfish');
    try {
      render(
        <QueryClientProvider client={new QueryClient()}>
          <RecordList publicationId={publication.id} publicationName={publication.name} />
        </QueryClientProvider>,
      );
      expect(
        await screen.findByText(
          '1 match among drafts saved on this computer.',
          {},
          { timeout: 10_000 },
        ),
      ).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Quillfish draft' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Quillfish publish' })).toBeNull();
    } finally {
      useUi.getState().setSearch('');
      useUi.getState().setDraftsOnly(false);
    }
  });

  it('shows the page this computer kept at once while a slow service is asked, then its answer', async () => {
    // Real parts: the second reference service of the global setup, whose loopback proxy answers
    // the second page of 10 after 2.5 s. A new QueryClient is a renderer after a restart.
    const { baseUrl, subdomain, token } = inject('quireHost').failingThirdPage;
    const archive = await archivePublication();
    const params = { publicationId: archive.id, kind: 'post', page: 2, perPage: 10 } as const;
    const kept = await bridge.records.list({ ...params, draftsOnly: false });
    const first = kept.items[0]!;
    // Changed on the service since this computer kept its copy.
    const put = await fetch(`${baseUrl}/app/${subdomain}/posts/${first.remoteId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `${first.title} (revised)` }),
    });
    expect(put.status).toBe(200);
    useUi.getState().showKind('post');
    useUi.getState().setPerPage(10);
    useUi.getState().setPage(2);
    try {
      const shown = Date.now();
      render(
        <QueryClientProvider client={new QueryClient()}>
          <RecordList publicationId={archive.id} publicationName="Failing archive" />
        </QueryClientProvider>,
      );
      expect(await screen.findByRole('button', { name: first.title }, { timeout: 2_000 }));
      expect(Date.now() - shown).toBeLessThan(2_500);
      expect(
        screen.getByText(
          /^Showing the copy saved on this computer on .+ while Failing archive is asked for the latest…$/,
        ),
      ).toBeTruthy();
      expect(screen.queryByText(/^Loading posts/)).toBeNull();
      expect(
        await screen.findByRole('button', { name: `${first.title} (revised)` }, { timeout: 8_000 }),
      ).toBeTruthy();
      expect(screen.queryByText(/^Showing the copy saved on this computer/)).toBeNull();
    } finally {
      useUi.getState().setPerPage(20);
    }
  });

  it('says how far a whole-list fetch got when the network fails partway, and searches what came', async () => {
    // Real parts: a second reference service whose loopback proxy drops the third page of 100
    // (the global setup's), added as a publication through the real core.
    const { baseUrl, subdomain, token } = inject('quireHost').failingThirdPage;
    const archive = await archivePublication();
    const secondPage = (await (
      await fetch(`${baseUrl}/app/${subdomain}/posts?page=2&limit=100`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { posts: { data: { title: string }[] } };
    const wanted = secondPage.posts.data[50]!.title;
    useUi.getState().showKind('post');
    useUi.getState().setSearch(wanted);
    try {
      render(
        <QueryClientProvider client={new QueryClient()}>
          <RecordList publicationId={archive.id} publicationName="Failing archive" />
        </QueryClientProvider>,
      );
      const fetchAll = await screen.findByRole(
        'button',
        { name: 'Fetch all 231 posts to search them' },
        { timeout: 10_000 },
      );
      expect(screen.queryAllByRole('button', { name: wanted })).toHaveLength(0);
      fireEvent.click(fetchAll);
      expect(
        await screen.findByText(
          /^The search covers the newest 200 of 231 posts of Failing archive: fetching stopped there at /,
          {},
          { timeout: 10_000 },
        ),
      ).toBeTruthy();
      // What came before the failure is searched.
      expect((await screen.findAllByRole('button', { name: wanted })).length).toBeGreaterThan(0);
      expect(useUi.getState().notices.map((n) => n.message)).toContain(
        `Not all posts of Failing archive could be fetched: Cannot reach ${baseUrl}`,
      );
      expect(screen.getByRole('button', { name: 'Fetch all 231 posts again' })).toBeTruthy();
    } finally {
      useUi.getState().setSearch('');
    }
  });
});
