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
}

declare module 'vitest' {
  export interface ProvidedContext {
    quireHost: ProvidedHost;
  }
}
