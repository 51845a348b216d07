import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, posix, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';

/**
 * The Solidity libraries a suite may import beside its own files, all read in memory by solc's
 * import callback: the product's own forge-std (packages/contract-engine/forge-std, a fixed set
 * of files) and the installed `@openzeppelin/contracts` package (any .sol file inside it).
 */

const FORGE_STD_PREFIX = 'forge-std/';
const OPENZEPPELIN_PREFIX = '@openzeppelin/contracts/';

const forgeStdDir = fileURLToPath(new URL('../../forge-std/', import.meta.url));
/** forge-std/Test.sol -> its source; read once, the files are small (about 60 KB). */
const forgeStd: ReadonlyMap<string, string> = new Map(
  readdirSync(forgeStdDir)
    .filter((name) => name.endsWith('.sol'))
    .sort()
    .map((name) => [`${FORGE_STD_PREFIX}${name}`, readFileSync(join(forgeStdDir, name), 'utf8')]),
);

const require = createRequire(import.meta.url);
const openZeppelinDir = realpathSync(dirname(require.resolve('@openzeppelin/contracts/package.json')));
const openZeppelinVersion = (JSON.parse(readFileSync(join(openZeppelinDir, 'package.json'), 'utf8')) as { version: string }).version;

export const LIBRARIES_AVAILABLE = `forge-std/Test.sol, forge-std/console.sol and the rest of the product's forge-std, and @openzeppelin/contracts/… (${openZeppelinVersion})`;

/**
 * Changes whenever a library's files may have: the cache key includes it, so an upgraded
 * OpenZeppelin or an edited forge-std never answers an old compile.
 */
export const LIBRARIES_FINGERPRINT = (() => {
  const hash = createHash('sha256').update(`@openzeppelin/contracts@${openZeppelinVersion}\0`);
  for (const [name, content] of forgeStd) hash.update(`${name}\0${content}\0`);
  return hash.digest('hex');
})();

const openZeppelinFile = (path: string): string | null => {
  const rest = posix.normalize(path.slice(OPENZEPPELIN_PREFIX.length));
  if (rest.startsWith('../') || rest === '..' || posix.isAbsolute(rest) || !rest.endsWith('.sol') || rest.includes('\0')) return null;
  let real: string;
  try {
    real = realpathSync(join(openZeppelinDir, ...rest.split('/')));
  } catch {
    return null;
  }
  // A link inside the package could point anywhere: what is read must lie inside it.
  if (!real.startsWith(openZeppelinDir + sep)) return null;
  try {
    return readFileSync(real, 'utf8');
  } catch {
    return null;
  }
};

/**
 * A library file's source by its import path (solc's source unit name), or why it cannot be had;
 * null when the path names no library.
 */
export const resolveLibraryImport = (path: string): { contents: string } | { error: string } | null => {
  if (path.startsWith(FORGE_STD_PREFIX)) {
    const contents = forgeStd.get(path);
    return contents === undefined ? { error: `${path} is not part of the product's forge-std (it has ${[...forgeStd.keys()].join(', ')}).` } : { contents };
  }
  if (path.startsWith(OPENZEPPELIN_PREFIX)) {
    const contents = openZeppelinFile(path);
    return contents === null ? { error: `${path} is not a Solidity file of @openzeppelin/contracts ${openZeppelinVersion}.` } : { contents };
  }
  return null;
};
