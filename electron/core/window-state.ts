import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';

const boundsSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(400).max(20_000),
  height: z.number().int().min(300).max(20_000),
  maximized: z.boolean().default(false),
});

export type WindowBounds = z.infer<typeof boundsSchema>;

/** The last window bounds, or undefined when there are none or the file is unreadable. */
export function loadWindowBounds(file: string): WindowBounds | undefined {
  try {
    const parsed = boundsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function saveWindowBounds(file: string, bounds: WindowBounds): void {
  mkdirSync(dirname(file), { recursive: true });
  // Written aside and renamed, so a crash mid-write never leaves half a file.
  writeFileSync(`${file}.tmp`, JSON.stringify(bounds));
  renameSync(`${file}.tmp`, file);
}

/** Keeps a window on a screen: bounds whose top-left is on no display are dropped. */
export function visibleBounds(
  bounds: WindowBounds | undefined,
  displays: { x: number; y: number; width: number; height: number }[],
): WindowBounds | undefined {
  if (!bounds) return undefined;
  const onScreen = displays.some(
    (d) =>
      bounds.x >= d.x &&
      bounds.y >= d.y &&
      bounds.x < d.x + d.width - 50 &&
      bounds.y < d.y + d.height - 50,
  );
  return onScreen ? bounds : undefined;
}
