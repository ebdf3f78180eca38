// `npm test` drives Debian's Chromium (test tools cannot download browsers here). Make sure it is
// there before anything runs: install Debian's packages when this process may, or stop at once
// with the exact command to run.
import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { TEST_CHROMIUM as CHROMIUM, CHROMIUM_PACKAGES as PACKAGES } from './test-chromium.mjs';

const INSTALL = `apt-get update && apt-get install -y ${PACKAGES.join(' ')}`;

function present() {
  try {
    accessSync(CHROMIUM, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function canInstall() {
  if (process.env.CHROMIUM_PATH || process.getuid?.() !== 0) return false;
  try {
    execFileSync('apt-get', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

if (!present()) {
  if (!canInstall()) {
    console.error(
      `The browser tests need Chromium at ${CHROMIUM}.\nInstall it with:\n  sudo ${INSTALL}\nor point CHROMIUM_PATH at a Chromium binary.`,
    );
    process.exit(1);
  }
  console.info(`Installing Debian's Chromium for the browser tests: ${INSTALL}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...PACKAGES], { stdio: 'inherit', env });
  if (!present()) {
    console.error(
      `Chromium is still missing at ${CHROMIUM} after installing ${PACKAGES.join(' ')}.`,
    );
    process.exit(1);
  }
}
