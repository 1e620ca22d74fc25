// What scripts/native-abi.mjs has to do, decided from what it found: kept apart from the doing
// so the decision is tested under plain Node (scripts/native-abi.test.ts).

/**
 * @param {{
 *   target: 'node' | 'electron',
 *   loadsUnderNode: boolean,
 *   electronInstalled: boolean,
 *   skipDownload: boolean,
 *   electronVersion: string,
 *   marker: { target?: string, version?: string } | null,
 * }} found
 */
export function nativeAbiPlan(found) {
  if (found.target === 'node')
    // Probed, not read from the marker: an `npm install` after `npm start` may have put a Node
    // build back, or left the Electron one, whatever the marker says.
    return { download: false, rebuild: found.loadsUnderNode ? null : 'node' };
  if (!found.electronInstalled && found.skipDownload)
    return {
      download: false,
      rebuild: null,
      message:
        'native-abi: no Electron binary and ELECTRON_SKIP_BINARY_DOWNLOAD is set: nothing to rebuild.\n' +
        '            Unset it, on Node >= 22.12, to run the desktop app.',
    };
  // Electron 42 and later fetch their binary on first use, not at install: `electron-vite
  // preview` never asks, so a fresh `npm install && npm start` found none (a review, 2026-11-22).
  const download = !found.electronInstalled;
  const builtForThisElectron =
    !found.loadsUnderNode &&
    found.marker?.target === 'electron' &&
    found.marker.version === found.electronVersion;
  return { download, rebuild: builtForThisElectron ? null : 'electron' };
}
