import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { KeytarCredentialStore } from '../core/credentials';
import { createCore } from '../core/service';
import { startBrowserHost } from './host';

// The browser host: the whole app in a browser on this machine, for where Electron cannot run.
const USAGE = `Usage: tsx electron/web/cli.ts [options]
  --port N       the loopback port to serve on (default: any free one)
  --data DIR     Quire's data folder (default: .data/app)
  --renderer DIR the built renderer (default: out/renderer)
  --no-sample    without the embedded sample publication
  --help         this text
`;

function options() {
  try {
    return parseArgs({
      args: process.argv.slice(2),
      options: {
        port: { type: 'string' },
        data: { type: 'string' },
        renderer: { type: 'string' },
        'no-sample': { type: 'boolean' },
        help: { type: 'boolean' },
      },
    }).values;
  } catch (error) {
    // An option it does not know, said in a line with the usage, not as a stack trace.
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
}
const values = options();
if (values.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}

const port = values.port === undefined ? 0 : Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write('--port takes a port number\n');
  process.exit(2);
}

const core = await createCore({
  dataDir: resolve(values.data ?? '.data/app'),
  credentials: new KeytarCredentialStore(),
  version: process.env.npm_package_version ?? '0.0.0',
  embedded: values['no-sample'] ? false : undefined,
});
const host = await startBrowserHost({
  core,
  port,
  rendererDir: resolve(values.renderer ?? 'out/renderer'),
});
process.stdout.write(`Quire is running at ${host.url}\n`);

const stop = (): void => {
  void host
    .close()
    .then(() => core.close())
    .then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
