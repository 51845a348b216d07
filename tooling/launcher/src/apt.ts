import { spawnSync } from 'node:child_process';
import { userInfo } from 'node:os';

/**
 * Installs a Debian package with apt-get unless `installed()` already holds; only root may, so
 * anyone else is told the command to run. Returns whether the package is there afterwards.
 */
export const ensureDebianPackage = ({ name, purpose, installed }: { name: string; purpose: string; installed: () => boolean }): boolean => {
  if (installed()) return true;
  if (userInfo().uid !== 0) {
    console.error(`Debian's ${name} is missing (${purpose}); install it with: sudo apt-get install -y ${name}`);
    return false;
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  console.log(`=== installing Debian's ${name} (${purpose})`);
  if (
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env }).status !== 0 ||
    spawnSync('apt-get', ['install', '-y', '-qq', name], { stdio: 'inherit', env }).status !== 0 ||
    !installed()
  ) {
    console.error(`could not install ${name} with apt-get`);
    return false;
  }
  return true;
};
