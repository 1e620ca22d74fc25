/** What the Vitest global setup hands to renderer tests that talk to a real core. */
export interface ProvidedHost {
  /** The browser host's origin, e.g. http://127.0.0.1:41234. */
  origin: string;
  /** The session the page sends in its `x-quire-session` header. */
  session: string;
  /**
   * A reference service holding a publication of 231 posts, reached through a loopback proxy that
   * drops every request for the third page of 100 (the network failing partway through a
   * fetch of the whole list) and answers the second page of 10 only after 2.5 s (a slow service
   * after a restart).
   */
  failingThirdPage: { baseUrl: string; subdomain: string; token: string };
  /** A core of its own for each test file that turns the app to another publication. */
  own: Record<OwnCore, { origin: string; session: string }>;
  /** A plain reference service, for those files to add as a second publication. */
  elsewhere: { baseUrl: string; subdomain: string; token: string };
}

/** The test files with a core of their own, by name. */
export const OWN_CORES = [
  'add-publication',
  'reopened-unsaved',
  'undo-elsewhere',
  'closed-unsaved-window-close',
  'closed-unsaved-removed',
  'window-close-holders',
  'publication-switch',
  'discard-off-site',
  'switch-at-once',
  'publication-remove',
  'network-down',
  'switch-refused',
  'undo-during-switch',
  'remove-sync-now',
  'remove-what-it-loses',
] as const;
export type OwnCore = (typeof OWN_CORES)[number];

declare module 'vitest' {
  export interface ProvidedContext {
    quireHost: ProvidedHost;
  }
}
