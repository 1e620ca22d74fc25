import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadWindowBounds, saveWindowBounds, visibleBounds } from './window-state';

const dir = mkdtempSync(join(tmpdir(), 'quire-window-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('window state', () => {
  it('round-trips bounds and ignores missing or damaged files', () => {
    const file = join(dir, 'window.json');
    expect(loadWindowBounds(file)).toBeUndefined();
    saveWindowBounds(file, { x: 10, y: 20, width: 1000, height: 700, maximized: true });
    expect(loadWindowBounds(file)).toEqual({
      x: 10,
      y: 20,
      width: 1000,
      height: 700,
      maximized: true,
    });
    writeFileSync(file, '{"x": 1, "y":');
    expect(loadWindowBounds(file)).toBeUndefined();
    writeFileSync(file, '{"x": 1, "y": 2, "width": 5, "height": 5}');
    expect(loadWindowBounds(file)).toBeUndefined();
  });

  it('drops bounds that would open off every screen', () => {
    const screen = [{ x: 0, y: 0, width: 1920, height: 1080 }];
    const bounds = { x: 100, y: 100, width: 800, height: 600, maximized: false };
    expect(visibleBounds(bounds, screen)).toEqual(bounds);
    expect(visibleBounds({ ...bounds, x: 3000 }, screen)).toBeUndefined();
    expect(
      visibleBounds({ ...bounds, x: 3000 }, [
        ...screen,
        { x: 1920, y: 0, width: 1920, height: 1080 },
      ]),
    ).toBeDefined();
  });
});
