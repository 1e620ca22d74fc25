/** `npm run bench -- <name> [options]`: runs one benchmark and exits with its code. */

interface Bench {
  run(args: string[]): Promise<number>;
}

// Loaded lazily so one bench never pays for another's imports. Add a bench with one line here.
const BENCHES: Record<string, () => Promise<Bench>> = {
  server: () => import('../server/bench/server-bench'),
  core: () => import('../electron/core/bench/core-bench'),
  ui: () => import('../e2e/bench/ui-bench'),
};

const [name, ...args] = process.argv.slice(2);
const load = name === undefined ? undefined : BENCHES[name];
if (!load) {
  process.stderr.write(
    `${name === undefined ? '' : `Unknown bench "${name}".\n\n`}` +
      `Usage: npm run bench -- <name> [options]\n\nAvailable: ${Object.keys(BENCHES).join(', ')}\n`,
  );
  process.exit(2);
}
// Explicit exit: the load generator can leave sockets and timers behind.
load()
  .then((bench) => bench.run(args))
  .then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
