import type { Plugin } from 'vite';

const POLICY = /(http-equiv="Content-Security-Policy"\s+content=")([^"]*)(")/;

/**
 * The renderer's policy as Vite's dev server needs it. That server injects each stylesheet as a
 * `<style>` element and React Refresh's preamble as an inline script, and reloads over a
 * websocket: the strict policy refuses all three, and the app would not start under `npm run dev`.
 */
export function devPolicy(policy: string): string {
  const additions: Record<string, string> = {
    'script-src': "'unsafe-inline'",
    'style-src': "'unsafe-inline'",
    'connect-src': 'ws://localhost:* ws://127.0.0.1:*',
  };
  const directives = policy.split(';').map((d) => d.trim());
  for (const [name, extra] of Object.entries(additions)) {
    const index = directives.findIndex((d) => d.split(/\s+/)[0] === name);
    if (index < 0) throw new Error(`The renderer's CSP has no ${name} to relax for the dev server`);
    directives[index] = `${directives[index]} ${extra}`;
  }
  return directives.join('; ');
}

/** Relaxes the page's CSP under `vite serve` only: a built renderer keeps the strict one. */
export function devCspPlugin(): Plugin {
  return {
    name: 'quire-dev-csp',
    apply: 'serve',
    transformIndexHtml(html) {
      if (!POLICY.test(html)) throw new Error('renderer/index.html has no CSP meta element');
      return html.replace(
        POLICY,
        (_all, before: string, policy: string, after: string) =>
          `${before}${devPolicy(policy)}${after}`,
      );
    },
  };
}
