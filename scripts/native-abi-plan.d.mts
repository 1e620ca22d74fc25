export interface NativeAbiFound {
  target: 'node' | 'electron';
  /** better-sqlite3 opens a database under the Node running the script. */
  loadsUnderNode: boolean;
  electronInstalled: boolean;
  skipDownload: boolean;
  electronVersion: string;
  marker: { target?: string; version?: string } | null;
}
export interface NativeAbiPlan {
  download: boolean;
  rebuild: 'node' | 'electron' | null;
  message?: string;
}
export function nativeAbiPlan(found: NativeAbiFound): NativeAbiPlan;
