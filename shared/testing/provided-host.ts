/** What the Vitest global setup hands to renderer tests that talk to a real core. */
export interface ProvidedHost {
  /** The browser host's origin, e.g. http://127.0.0.1:41234. */
  origin: string;
  /** The session the page sends in its `x-quire-session` header. */
  session: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    quireHost: ProvidedHost;
  }
}
