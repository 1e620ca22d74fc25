import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAutosave } from './autosave';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const fields = (content: string) => ({ title: 'T', content });

describe('createAutosave', () => {
  it('saves once after the writer pauses, with the latest text', async () => {
    const save = vi.fn(async () => {});
    const autosave = createAutosave(save, 500);
    autosave.schedule(fields('a'));
    autosave.schedule(fields('ab'));
    autosave.schedule(fields('abc'));
    expect(autosave.state().kind).toBe('pending');
    await vi.advanceTimersByTimeAsync(499);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save.mock.calls).toEqual([[fields('abc')]]);
    expect(autosave.state().kind).toBe('saved');
  });

  it('saves a writer who never pauses at least every few seconds', async () => {
    const save = vi.fn(async (_: { content: string }) => {});
    const autosave = createAutosave(save, 500, 2_000);
    // A key every 100 ms for 4.5 s: never the 500 ms pause.
    for (let i = 1; i <= 45; i++) {
      autosave.schedule(fields('x'.repeat(i)));
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(save.mock.calls.map(([saved]) => saved.content.length)).toEqual([20, 40]);
    await vi.advanceTimersByTimeAsync(500);
    expect(save).toHaveBeenCalledTimes(3);
    expect(save).toHaveBeenLastCalledWith(fields('x'.repeat(45)));
  });

  it('wakes its listeners when the state changes, not on every keystroke', async () => {
    const autosave = createAutosave(async () => {}, 500);
    const seen: string[] = [];
    autosave.subscribe(() => seen.push(autosave.state().kind));
    for (let i = 1; i <= 50; i++) autosave.schedule(fields('x'.repeat(i)));
    expect(seen).toEqual(['pending']);
    await vi.advanceTimersByTimeAsync(500);
    expect(seen).toEqual(['pending', 'saving', 'saved']);
  });

  it('reads a lazy text when asked to save, not once the save before it returns', async () => {
    // The editor is destroyed just after the editor host unmounts, while the save on the way
    // out may still wait behind one on the wire; reading it then would throw and lose the words.
    const saved: string[] = [];
    let release = () => {};
    const save = vi.fn(async (f: { content: string }) => {
      saved.push(f.content);
      if (saved.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    const autosave = createAutosave(save, 500);
    autosave.schedule(fields('first'));
    const onTheWire = autosave.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(saved).toEqual(['first']);
    let editorAlive = true;
    autosave.schedule(() => {
      if (!editorAlive) throw new TypeError("Cannot read properties of null (reading 'cached')");
      return fields('last words');
    });
    const onTheWayOut = autosave.flush();
    editorAlive = false;
    release();
    await Promise.all([onTheWire, onTheWayOut]);
    expect(saved).toEqual(['first', 'last words']);
    expect(autosave.state()).toEqual({ kind: 'saved' });
  });

  it('says so, and keeps nothing half-read, when the text cannot be read', async () => {
    const save = vi.fn(async () => {});
    const autosave = createAutosave(save, 500);
    autosave.schedule(() => {
      throw new Error('the editor is gone');
    });
    await autosave.flush();
    expect(save).not.toHaveBeenCalled();
    expect(autosave.state()).toEqual({ kind: 'error', message: 'the editor is gone' });
  });

  it('flushes at once, and never runs two saves together', async () => {
    let active = 0;
    let most = 0;
    const save = vi.fn(async () => {
      most = Math.max(most, ++active);
      await new Promise((resolve) => setTimeout(resolve, 50));
      active--;
    });
    const autosave = createAutosave(save, 500);
    autosave.schedule(fields('one'));
    const first = autosave.flush();
    await vi.advanceTimersByTimeAsync(10);
    // The first save is on its way; new text waits for it instead of racing it.
    autosave.schedule(fields('one two'));
    const second = autosave.flush();
    await vi.advanceTimersByTimeAsync(200);
    await Promise.all([first, second]);
    expect(save.mock.calls).toEqual([[fields('one')], [fields('one two')]]);
    expect(most).toBe(1);
    expect(autosave.state().kind).toBe('saved');
  });

  it('saves only the newest snapshot when text changes before a save starts', async () => {
    const save = vi.fn(async () => {});
    const autosave = createAutosave(save, 500);
    autosave.schedule(fields('draft'));
    const flushed = autosave.flush();
    autosave.schedule(fields('draft, finished'));
    await flushed;
    await autosave.flush();
    expect(save.mock.calls).toEqual([[fields('draft, finished')]]);
  });

  it('reads a lazy source once per save, not once per keystroke', async () => {
    const save = vi.fn(async () => {});
    const read = vi.fn(() => fields('serialised once'));
    const autosave = createAutosave(save, 500);
    for (let i = 0; i < 50; i++) autosave.schedule(read);
    expect(read).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);
    expect(read).toHaveBeenCalledTimes(1);
    expect(save.mock.calls).toEqual([[fields('serialised once')]]);
    expect(autosave.lastFields()).toEqual(fields('serialised once'));
  });

  it('keeps text whose save failed and sends it with the next flush', async () => {
    const save = vi
      .fn()
      .mockRejectedValueOnce(new Error('The disk is full'))
      .mockResolvedValue(undefined);
    const autosave = createAutosave(save, 500);
    autosave.schedule(fields('precious'));
    await autosave.flush();
    expect(autosave.state()).toEqual({ kind: 'error', message: 'The disk is full' });
    await autosave.flush();
    expect(save.mock.calls).toEqual([[fields('precious')], [fields('precious')]]);
    expect(autosave.state().kind).toBe('saved');
  });

  it('drops what is not saved: no timer, no flush and no failed save brings it back', async () => {
    const save = vi.fn(async (_: { content: string }) => {});
    const autosave = createAutosave(save, 500);
    save.mockRejectedValueOnce(new Error('The disk is full'));
    autosave.schedule(fields('refused'));
    await autosave.flush();
    expect(autosave.state().kind).toBe('error');
    autosave.schedule(fields('refused, and more'));
    autosave.drop();
    expect(autosave.state().kind).toBe('saved');
    await autosave.flush();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(save.mock.calls.map(([saved]) => saved.content)).toEqual(['refused']);
    // Later changes are saved as usual.
    autosave.schedule(fields('new'));
    await vi.advanceTimersByTimeAsync(500);
    expect(save).toHaveBeenLastCalledWith(fields('new'));
  });
});
