// The one shared-dependency map of every FXRates Pro frontend (host and remotes).
// Each entry is a singleton so that React contexts (router, Mantine theme, runtime config)
// cross the remote boundary. Nothing is eager: every app starts through `import('./bootstrap')`.
const fs = require('node:fs');
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '..');

/** Version of a package as installed in the workspace (read from disk: some packages hide package.json behind `exports`). */
function installedVersion(packageName) {
  const candidates = [
    path.join(repoRoot, 'node_modules', packageName, 'package.json'),
    path.join(repoRoot, 'libs', packageName.replace('@fxrates/', ''), 'package.json'),
  ];
  for (const candidate of candidates) {
    if (fs.existsSync(candidate)) return JSON.parse(fs.readFileSync(candidate, 'utf8')).version;
  }
  throw new Error(`Cannot find the installed version of ${packageName}`);
}

function singleton(packageName) {
  const version = installedVersion(packageName);
  return { singleton: true, requiredVersion: `^${version}`, version };
}

const sharedDependencies = {
  react: singleton('react'),
  'react/': singleton('react'),
  'react-dom': singleton('react-dom'),
  'react-dom/': singleton('react-dom'),
  'react-router': singleton('react-router'),
  '@mantine/core': singleton('@mantine/core'),
  '@mantine/hooks': singleton('@mantine/hooks'),
  '@fxrates/web-kit': singleton('@fxrates/web-kit'),
};

module.exports = { sharedDependencies };
