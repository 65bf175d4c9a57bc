// The package's install step (`npm ci` runs it): builds Quarry's native modules with node-gyp. Every
// one of them has a JavaScript twin that gives the same answers, slower, so a build that fails (no
// compiler, no Python, headers that cannot be fetched) warns and lets the install succeed instead of
// failing it; `quarry doctor` then says which modules run as JavaScript.
import { spawnSync } from 'node:child_process';

// npm names the node-gyp it bundles in npm_config_node_gyp while it runs install scripts.
const gyp = process.env.npm_config_node_gyp;
const [command, args] = gyp ? [process.execPath, [gyp, 'rebuild']] : ['node-gyp', ['rebuild']];
const run = spawnSync(command, args, { stdio: 'inherit' });
if (run.status !== 0) {
  const why = run.error ? run.error.message : run.signal ? `stopped by ${run.signal}` : `exit code ${run.status}`;
  process.stderr.write(
    `quarry: its native modules did not build (node-gyp rebuild: ${why}).\n` +
    'quarry: it will run on their JavaScript twins: the same answers, slower. Install a C compiler, make and Python 3, then run `npm run install` in Quarry\'s folder; `quarry doctor` lists what is loaded.\n',
  );
}
