// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PublicationView } from '../../../../shared/views';
import { appOverRealCore } from '../../testing/app-over-real-core';
import { failingCalls, heldCalls } from '../../testing/real-core';

// Review U9 (left then, fixed since): Remove's dialog said "Nothing on the service is deleted"
// while a Delete taken back might land, which only the next sync turns away, and offered no way
// to sync. The core's counts are its own tests' (remove-publication-late-delete.test.ts); here
// the dialog is given the view the core gives in that case (a Delete in limbo cannot be made
// over the browser host), and Sync now goes to the real core, which counts again.
const app = appOverRealCore('remove-sync-now');
configure({ asyncUtilTimeout: 10_000 });

async function dialogFor(view: (real: PublicationView) => PublicationView) {
  const archive = await app.addArchive();
  const { RemovePublicationDialog } = await import('./RemovePublicationDialog');
  const onRemoved = vi.fn(async () => {});
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RemovePublicationDialog
        publication={view(archive)}
        onClose={() => {}}
        onRemoved={onRemoved}
      />
    </QueryClientProvider>,
  );
  return { archive, dialog: await screen.findByRole('alertdialog'), onRemoved };
}

const inLimbo = (real: PublicationView): PublicationView => ({
  ...real,
  pendingChanges: 1,
  deletesMayLand: 1,
});

describe('Remove, a Delete taken back that may still land', () => {
  it('says the post may yet be deleted on the service, and Sync now counts again', async () => {
    const user = userEvent.setup();
    const { archive, dialog, onRemoved } = await dialogFor(inLimbo);
    expect(dialog.textContent).toContain(
      'A post or page you deleted and then kept may still be deleted on the service.',
    );
    expect(dialog.textContent).not.toContain('Nothing on the service is deleted');
    await user.click(within(dialog).getByRole('button', { name: 'Sync now' }));
    await within(dialog).findByText(
      'Everything has reached the service: nothing is lost by removing it.',
    );
    expect(dialog.textContent).not.toContain('may still be deleted');
    expect(within(dialog).queryByRole('button', { name: 'Sync now' })).toBeNull();
    // Nothing left to lose: removed without the writer agreeing to lose anything.
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await vi.waitFor(() => expect(onRemoved).toHaveBeenCalled());
    expect((await app.bridge.publications.list({})).some((p) => p.id === archive.id)).toBe(false);
  }, 30_000);

  it('a Sync now that fails says why and keeps the warning', async () => {
    const user = userEvent.setup();
    const { dialog } = await dialogFor(inLimbo);
    failingCalls.set('sync.syncNow', { kind: 'offline', message: 'The service did not answer.' });
    await user.click(within(dialog).getByRole('button', { name: 'Sync now' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'The service did not answer',
    );
    expect(dialog.textContent).toContain('may still be deleted on the service');
    expect(within(dialog).getByRole('button', { name: /^Remove and lose it/ })).not.toBeNull();
  }, 30_000);

  it('does not remove while its Sync now is on its way (the counts it shows are being redone)', async () => {
    const user = userEvent.setup();
    const { archive, dialog, onRemoved } = await dialogFor(inLimbo);
    let answer = () => {};
    heldCalls.set('sync.syncNow', new Promise<void>((resolve) => (answer = resolve)));
    await user.click(within(dialog).getByRole('button', { name: 'Sync now' }));
    await user.click(within(dialog).getByRole('button', { name: /^Remove/ }));
    await new Promise((resolve) => setTimeout(resolve, 500));
    answer();
    await within(dialog).findByText(/^Everything has reached the service/);
    expect(onRemoved).not.toHaveBeenCalled();
    expect((await app.bridge.publications.list({})).some((p) => p.id === archive.id)).toBe(true);
  }, 30_000);

  it('says nothing of it when no Delete may land', async () => {
    const { dialog } = await dialogFor((real) => real);
    expect(dialog.textContent).toContain('Removing it deletes nothing on the service.');
    expect(dialog.textContent).not.toContain('may still be deleted');
    expect(within(dialog).queryByRole('button', { name: 'Sync now' })).toBeNull();
  }, 30_000);
});
