// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { draftFieldsSchema } from '../../../../shared/contract';
import type { PublicationView } from '../../../../shared/views';
import { activePublication, installRealCore } from '../../testing/real-core';
import type { MetadataPanel as MetadataPanelComponent } from './MetadataPanel';
import { readUrlEntry } from './url-field';

// Real parts: the known-tags query reaches a real core behind the browser host (global setup).
const bridge = installRealCore();
let MetadataPanel: typeof MetadataPanelComponent;
let publication: PublicationView;
beforeAll(async () => {
  ({ MetadataPanel } = await import('./MetadataPanel'));
  publication = await activePublication(bridge);
});
afterEach(cleanup);

describe('readUrlEntry', () => {
  it('takes a full http(s) address or nothing, and anything it takes the contract accepts', () => {
    for (const raw of ['https://example.com/a?b=1', ' http://example.com ', '']) {
      const entry = readUrlEntry(raw);
      expect(entry.ok).toBe(true);
      if (entry.ok)
        expect(draftFieldsSchema.shape.canonical_url.safeParse(entry.value).success).toBe(true);
    }
    expect(readUrlEntry('example.com/x')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/https:\/\//),
    });
    expect(readUrlEntry('javascript:alert(1)')).toMatchObject({ ok: false });
    expect(readUrlEntry(`https://example.com/${'a'.repeat(2048)}`)).toMatchObject({ ok: false });
    // Chromium's own parser takes this one; the service refused it after the fact.
    expect(readUrlEntry('https://exa mple.com/post')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/no spaces/),
    });
  });
});

describe('MetadataPanel', () => {
  it('says inline that a half-typed address is incomplete and hands on only a valid one', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MetadataPanel
          initial={{ title: 'T', content: '<p>x</p>' }}
          publicationId={publication.id}
          onChange={onChange}
        />
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Details and search' }));
    const field = screen.getByRole('textbox', { name: 'Canonical URL' });
    await user.type(field, 'example.com/x');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    // Sentences, each ended: it read "start it with https:// Until it is fixed".
    expect(screen.getByRole('status').textContent).toBe(
      'Not a full address: it needs https:// at the start. Until it is fixed, the draft keeps no address here.',
    );
    expect(onChange).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, 'https://example.com/x');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(onChange).toHaveBeenLastCalledWith({ canonical_url: 'https://example.com/x' });
    // Broken again: the last full address is what the draft keeps, and the field says so.
    await user.type(field, ' y');
    expect(screen.getByRole('status').textContent).toBe(
      'An address has no spaces: take them out, or write them as %20. Until it is fixed, the draft keeps https://example.com/x.',
    );
    await user.clear(field);
    expect(onChange).toHaveBeenLastCalledWith({ canonical_url: null });
    await user.type(field, 'javascript:alert(1)');
    expect(screen.getByRole('status').textContent).toBe(
      'Only http:// and https:// addresses can be used here. Until it is fixed, the draft keeps no address here.',
    );
    // Every patch handed on passes the contract, so no save is refused for this field.
    for (const [patch] of onChange.mock.calls)
      expect(draftFieldsSchema.partial().safeParse(patch).success).toBe(true);
  });

  it('takes a category id as a whole number, says anything else, and hands on only one', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MetadataPanel
          initial={{ title: 'T', content: '<p>x</p>', category: 4 }}
          publicationId={publication.id}
          onChange={onChange}
        />
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Details and search' }));
    const field = screen.getByRole('textbox', { name: 'Category id' });
    for (const wrong of ['abc', '0', '1.5', '99999999999999999999']) {
      await user.clear(field);
      await user.type(field, wrong);
      expect(field.getAttribute('aria-invalid'), wrong).toBe('true');
    }
    expect(screen.getByRole('status').textContent).toBe(
      'A category id is a whole number, 1 or more. Saved as it was until then.',
    );
    await user.clear(field);
    await user.type(field, '12');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(onChange).toHaveBeenLastCalledWith({ category: 12 });
    await user.clear(field);
    expect(onChange).toHaveBeenLastCalledWith({ category: null });
    // The clears hand on null, the numbers their value: nothing the contract refuses.
    for (const [patch] of onChange.mock.calls)
      expect(draftFieldsSchema.partial().safeParse(patch).success).toBe(true);
    expect(onChange.mock.calls.map(([patch]) => patch.category)).not.toContain(0);
  });

  it('names the meta fields by their labels and gives the length as their description', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MetadataPanel
          initial={{ title: 'T', content: '<p>x</p>', meta_title: 'Short' }}
          publicationId={publication.id}
          onChange={vi.fn()}
        />
      </QueryClientProvider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Details and search' }));
    const field = screen.getByRole('textbox', { name: 'Meta title' });
    const hint = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('5/60 characters');
    // At the field's limit typing stops: said, not silent (a writer's review).
    fireEvent.change(field, { target: { value: 'x'.repeat(300) } });
    expect(hint?.textContent).toBe('300/60 characters — the most it can hold: typing stops at 300');
    // Longer, as another service may send it: not "typing stops" but what to do.
    fireEvent.change(field, { target: { value: 'x'.repeat(400) } });
    expect(hint?.textContent).toBe('400/60 characters — more than the 300 it can hold: shorten it');
  });

  /** The Slug field and the line under it, in a panel opened with these props. */
  async function slugField(props: Partial<ComponentProps<typeof MetadataPanelComponent>>) {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MetadataPanel
          initial={{ title: 'Walking at night', content: '<p>x</p>' }}
          publicationId={publication.id}
          onChange={vi.fn()}
          {...props}
        />
      </QueryClientProvider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Details and search' }));
    const field = screen.getByRole('textbox', { name: 'Slug' });
    const hint = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    return { field, hint: hint?.textContent };
  }

  it('shows the slug the service gave a post whose writer set none', async () => {
    const { field, hint } = await slugField({ serviceSlug: 'why-i-walk' });
    expect(field.getAttribute('placeholder')).toBe('why-i-walk');
    expect(hint).toBe(
      'Left empty, it is made from the title and follows it until the first publish (now: why-i-walk).',
    );
  });

  it('says a published slug stays, since links point at it', async () => {
    const { hint } = await slugField({ serviceSlug: 'why-i-walk', slugFollowsTitle: false });
    expect(hint).toBe(
      'Left empty, it stays why-i-walk: it has been published, and links point at it.',
    );
  });

  it('says what the writer’s own slug is on the service, and what emptying it does', async () => {
    const { field, hint } = await slugField({
      initial: { title: 'Slug walk', content: '<p>x</p>', slug: 'My Slug! With Spaces' },
      serviceSlug: 'my-slug-with-spaces',
    });
    expect(hint).toBe(
      'Yours (on the service: my-slug-with-spaces). Emptied, it is made from the title and follows it until the first publish.',
    );
    await userEvent.setup().clear(field);
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Left empty, it is made from the title and follows it until the first publish (now: my-slug-with-spaces).',
    );
  });

  it('says a slug chosen on the service stays, not following the title', async () => {
    const { hint } = await slugField({
      serviceSlug: 'nocturnes',
      slugFollowsTitle: false,
      slugChosenElsewhere: true,
    });
    expect(hint).toBe(
      'Left empty, it stays nocturnes: it was set on the service, so it no longer follows the title.',
    );
  });
});

// Review P8 (fixed): the line under the title named a refused category "Category", where Details
// labels the field "Category id": every name it gives is a field Details shows by that name.
describe('refusedPanelLabels', () => {
  it('names each refused field of the panel by the label Details shows it under', async () => {
    const { PANEL_FIELDS, refusedPanelLabels } = await import('./MetadataPanel');
    const refused = Object.fromEntries(PANEL_FIELDS.map((field) => [field, ['bad']]));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MetadataPanel
          initial={{ title: 'T', content: '<p>x</p>' }}
          publicationId={publication.id}
          onChange={() => {}}
          refused={refused}
        />
      </QueryClientProvider>,
    );
    const labels = refusedPanelLabels(refused);
    expect(labels).toHaveLength(PANEL_FIELDS.length);
    // A field's label, or a group's (Tags is a fieldset).
    for (const label of labels)
      expect(
        screen.queryAllByLabelText(label, { exact: true }).length +
          screen.queryAllByRole('group', { name: label }).length,
        label,
      ).toBeGreaterThan(0);
  });
});
