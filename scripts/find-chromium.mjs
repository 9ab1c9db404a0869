// Where the machine's Chromium (or Chrome) is: CHROMIUM_PATH when set, else chrome-launcher's finder
// (CHROME_PATH, the desktop entries, google-chrome/chromium on the PATH; the usual places on macOS and
// Windows). A browser is never downloaded. Run directly, it prints the path, or says how to install
// one and exits 1.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Launcher } from 'chrome-launcher';

const INSTALL_HINT = [
  'Install Chromium or Chrome, or point CHROMIUM_PATH at its binary:',
  '  macOS:          brew install --cask chromium',
  '  Debian/Ubuntu:  sudo apt-get install -y chromium',
  '  Windows:        winget install Google.Chrome',
].join('\n');

/** The path of an installed Chromium, or undefined when the machine has none. */
export function findChromium(env = process.env) {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  try {
    return Launcher.getInstallations()[0];
  } catch {
    // chrome-launcher throws when nothing is installed on Linux
    return undefined;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = findChromium();
  if (found && isExecutable(found)) {
    process.stdout.write(`${found}\n`);
  } else {
    process.stderr.write(
      `✖ ${found ? `Chromium at ${found} is not an executable file` : 'No Chromium or Chrome found'}.\n${INSTALL_HINT}\n`,
    );
    process.exit(1);
  }
}

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
