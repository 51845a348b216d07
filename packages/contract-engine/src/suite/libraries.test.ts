import { existsSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LIBRARIES_AVAILABLE, resolveLibraryImport } from './libraries';

const contentsOf = (path: string) => {
  const found = resolveLibraryImport(path);
  return found && 'contents' in found ? found.contents : null;
};
const errorOf = (path: string) => {
  const found = resolveLibraryImport(path);
  return found && 'error' in found ? found.error : null;
};

describe('the libraries a suite imports', () => {
  it("serves forge-std's files and OpenZeppelin's Solidity files by their import paths", () => {
    expect(contentsOf('forge-std/Test.sol')).toContain('abstract contract Test is');
    expect(contentsOf('forge-std/console.sol')).toContain('library console');
    expect(contentsOf('@openzeppelin/contracts/token/ERC20/ERC20.sol')).toContain('abstract contract ERC20 is');
    // A path that goes up and down again inside the package is the same file.
    expect(contentsOf('@openzeppelin/contracts/token/../token/ERC20/IERC20.sol')).toContain('interface IERC20');
    expect(LIBRARIES_AVAILABLE).toMatch(/^forge-std\/Test\.sol, forge-std\/console\.sol .* @openzeppelin\/contracts\/… \(5\.\d+\.\d+\)$/);
  });

  it('reads nothing outside the package, nothing but .sol files, and only the forge-std files it has', () => {
    // A real Solidity file outside the package, reached by going up from it.
    const packageDir = realpathSync(dirname(createRequire(import.meta.url).resolve('@openzeppelin/contracts/package.json')));
    const outside = fileURLToPath(new URL('../../forge-std/Test.sol', import.meta.url));
    expect(existsSync(outside)).toBe(true);
    expect(errorOf(`@openzeppelin/contracts/${relative(packageDir, outside)}`)).toContain('is not a Solidity file of @openzeppelin/contracts');
    for (const path of [
      '@openzeppelin/contracts/../../../package.json',
      '@openzeppelin/contracts/../contracts/token/ERC20/ERC20.sol',
      '@openzeppelin/contracts/../../solc/package.json',
      '@openzeppelin/contracts/package.json',
      '@openzeppelin/contracts//etc/passwd',
      '@openzeppelin/contracts/token/ERC20/Missing.sol',
    ]) {
      expect(errorOf(path), path).toContain('is not a Solidity file of @openzeppelin/contracts 5.');
    }
    expect(errorOf('forge-std/../../package.json')).toContain("is not part of the product's forge-std (it has forge-std/Base.sol,");
    expect(errorOf('forge-std/StdStorage.sol')).toContain("is not part of the product's forge-std");
    expect(errorOf('forge-std/README.md')).toContain("is not part of the product's forge-std");
  });

  it('names no library for any other path', () => {
    for (const path of ['hardhat/console.sol', '/etc/passwd', 'x.sol', '@openzeppelin/contracts-upgradeable/token/ERC20/ERC20Upgradeable.sol', 'forge-std']) {
      expect(resolveLibraryImport(path), path).toBeNull();
    }
  });
});
