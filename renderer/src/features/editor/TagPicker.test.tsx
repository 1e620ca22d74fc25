// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { draftFieldsSchema } from '../../../../shared/contract';
import { resolveTagEntry } from './tag-entry';
import { refusedTagIds, TagPicker } from './TagPicker';

afterEach(cleanup);

const known = [
  { id: 3, name: 'Food', slug: 'food' },
  { id: 7, name: 'Slow travel', slug: 'slow-travel' },
  { id: 9, name: 'Salt, Pepper', slug: 'salt-pepper' },
];

describe('resolveTagEntry', () => {
  it('takes a known name or slug in any case, or a number', () => {
    expect(resolveTagEntry('  slow TRAVEL ', known)).toEqual({ ok: true, id: 7 });
    expect(resolveTagEntry('slow-travel', known)).toEqual({ ok: true, id: 7 });
    expect(resolveTagEntry('#12', known)).toEqual({ ok: true, id: 12 });
    expect(resolveTagEntry('12', known)).toEqual({ ok: true, id: 12 });
  });

  it('takes a tag named by a number by its name, and "#" before it as a number', () => {
    const numbered = [
      ...known,
      { id: 13, name: '2024', slug: '2024' },
      { id: 14, name: '3', slug: '3' },
    ];
    expect(resolveTagEntry('2024', numbered)).toEqual({ ok: true, id: 13 });
    expect(resolveTagEntry('3', numbered)).toEqual({ ok: true, id: 14 });
    expect(resolveTagEntry('#3', numbered)).toEqual({ ok: true, id: 3 });
  });

  it('refuses what it cannot turn into a tag, saying why', () => {
    expect(resolveTagEntry('', known)).toMatchObject({ ok: false });
    expect(resolveTagEntry('#0', known)).toEqual({ ok: false, message: 'Tag numbers start at 1.' });
    const unknown = resolveTagEntry('Gardening', known);
    expect(unknown.ok).toBe(false);
    expect(!unknown.ok && unknown.message).toContain('No tag named “Gardening”');
  });
});

describe('TagPicker', () => {
  it('keeps the keyboard among the tags when one is removed', async () => {
    const user = userEvent.setup();
    render(<TagPicker initial={[3, 7, 42]} known={known} onChange={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Remove tag Slow travel' }));
    // The chip that took its place, then the one before it, then the field.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove tag #42' }));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove tag Food' }));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Add a tag' }));
  });

  it('shows tags by name, adds by name or number, and removes', async () => {
    const onChange = vi.fn();
    render(<TagPicker initial={[3, 42]} known={known} onChange={onChange} />);
    const chips = screen.getByRole('list', { name: 'Tags on this post' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Food×', '#42×']);
    const user = userEvent.setup();
    const field = screen.getByRole('combobox', { name: 'Add a tag' });
    await user.type(field, 'slow travel{Enter}');
    expect(onChange).toHaveBeenLastCalledWith([3, 42, 7]);
    expect(field).toHaveProperty('value', '');
    await user.type(field, '#5,');
    expect(onChange).toHaveBeenLastCalledWith([3, 42, 7, 5]);
    await user.type(field, 'food{Enter}');
    // Already there: nothing changes.
    expect(onChange).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: 'Remove tag #42' }));
    expect(onChange).toHaveBeenLastCalledWith([3, 7, 5]);
  });

  it('keeps an unknown name in the field with the reason, and adds nothing', async () => {
    const onChange = vi.fn();
    render(<TagPicker initial={[]} known={known} onChange={onChange} />);
    const field = screen.getByRole('combobox', { name: 'Add a tag' });
    await userEvent.setup().type(field, 'Gardening{Enter}');
    expect(onChange).not.toHaveBeenCalled();
    expect(field).toHaveProperty('value', 'Gardening');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const reason = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toContain('No tag named “Gardening”');
    expect(screen.getByText('No tags.')).toBeTruthy();
  });

  it('keeps names typed between commas apart, adding those it knows', async () => {
    // A comma that could not add swallowed itself: "keyboard,a11y" became "keyboarda11y".
    const onChange = vi.fn();
    render(<TagPicker initial={[]} known={known} onChange={onChange} />);
    const field = screen.getByRole('combobox', { name: 'Add a tag' });
    const user = userEvent.setup();
    await user.type(field, 'keyboard,a11y');
    expect(field).toHaveProperty('value', 'keyboard,a11y');
    expect(onChange).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, `Gardening, ${known[0]!.name}{Enter}`);
    expect(onChange).toHaveBeenLastCalledWith([known[0]!.id]);
    expect(field).toHaveProperty('value', 'Gardening');
    const reason = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toContain('No tag named “Gardening”');
  });

  it('takes a known name that holds a comma whole, typed or among others', async () => {
    // Typed, it was cut at its comma ("No tag named Salt"), and added only at a second Enter.
    const onChange = vi.fn();
    render(<TagPicker initial={[]} known={known} onChange={onChange} />);
    const field = screen.getByRole('combobox', { name: 'Add a tag' });
    const user = userEvent.setup();
    await user.type(field, 'Salt,');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    await user.type(field, ' Pepper');
    expect(field).toHaveProperty('value', 'Salt, Pepper');
    await user.type(field, '{Enter}');
    expect(onChange).toHaveBeenLastCalledWith([9]);
    await user.type(field, 'Food,Salt, Pepper, Slow travel{Enter}');
    expect(onChange).toHaveBeenLastCalledWith([9, 3, 7]);
    expect(field).toHaveProperty('value', '');
  });

  it('takes no tag beyond the most a post can have, so no save is refused for it', async () => {
    const onChange = vi.fn();
    const full = Array.from({ length: 100 }, (_, i) => i + 1);
    render(<TagPicker initial={full} known={known} onChange={onChange} />);
    const field = screen.getByRole('combobox', { name: 'Add a tag' });
    const user = userEvent.setup();
    await user.type(field, '#101{Enter}');
    expect(onChange).not.toHaveBeenCalled();
    const reason = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('100 tags is the most there can be: remove one first.');
    // One already there changes nothing and is no reason to refuse.
    await user.clear(field);
    await user.type(field, '#7{Enter}');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove tag #100' }));
    await user.type(field, '#101{Enter}');
    expect(onChange).toHaveBeenLastCalledWith([...full.slice(0, 99), 101]);
    expect(draftFieldsSchema.shape.tags.safeParse(onChange.mock.lastCall?.[0]).success).toBe(true);
  });
});

describe('refusedTagIds', () => {
  it('marks the tags on the post that the refusal names, and no others', () => {
    expect([...refusedTagIds(['Unknown tag id(s): 7, 19'], [7, 8, 19, 197])]).toEqual([7, 19]);
    expect(refusedTagIds(['Tags are not allowed on pages.'], [7]).size).toBe(0);
    expect(refusedTagIds(undefined, [7]).size).toBe(0);
  });
});
