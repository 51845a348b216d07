import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Packages that must exist once in the page. Subpaths (`react/jsx-runtime`, `react-dom/client`,
 * `jotai/react`) are shared through the trailing-slash keys; leaving one out is how a page ends
 * up with two Reacts. `@starforge/host` holds the shared jotai store and the toaster, so it must
 * be a singleton too, or each remote would get its own store.
 */
const singletonPackages = ['react', 'react-dom', 'react-router-dom', 'jotai', 'sonner', '@starforge/host', '@starforge/ui'] as const;
// @starforge/contracts is deliberately not shared: it holds no state, and a shared module cannot
// be tree-shaken, which would put every zod schema into the shell's first page load.
const withSubpaths = new Set(['react', 'react-dom', 'jotai']);

interface SharedEntry {
  singleton: true;
  requiredVersion: string;
  version: string;
  strictVersion: boolean;
  /** The module provided under the package's name, when it is not the package itself. */
  import?: string;
}

/**
 * Shared in place of the package: only the parts the apps use, so the rest can be shaken out.
 * Named by a bare request that `sharedAliases` points at the file, not by the file's path: the
 * federation plugin provides a path-named module in every compilation (html-webpack-plugin's
 * template compile included), a request only where something imports it, and any importing
 * file (packages/ui, a remote) resolves the alias alike.
 */
const sharedInPlaceOf: Partial<Record<(typeof singletonPackages)[number], string>> = {
  'react-router-dom': 'starforge-shared-react-router',
};

/** The webpack aliases that make `sharedInPlaceOf`'s requests resolve. */
export const sharedAliases: Record<string, string> = {
  'starforge-shared-react-router$': fileURLToPath(new URL('./shared-react-router.ts', import.meta.url)),
};
/** The installed version of `pkg` as the app resolves it (some packages do not export package.json). */
const versionOf = (appDir: string, pkg: string): string => {
  const require = createRequire(join(appDir, 'package.json'));
  let dir = dirname(require.resolve(pkg));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const json = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
      if (json.name === pkg && json.version) return json.version;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the version of ${pkg} from ${appDir}`);
    dir = parent;
  }
};

/** One helper builds the `shared` map for every app, with explicit required versions. */
export const sharedFor = (appDir: string): Record<string, SharedEntry> => {
  const shared: Record<string, SharedEntry> = {};
  for (const pkg of singletonPackages) {
    const version = versionOf(appDir, pkg);
    const replacement = sharedInPlaceOf[pkg];
    const entry: SharedEntry = {
      singleton: true,
      requiredVersion: `^${version}`,
      version,
      strictVersion: false,
      ...(replacement ? { import: replacement } : {}),
    };
    shared[pkg] = entry;
    if (withSubpaths.has(pkg)) shared[`${pkg}/`] = entry;
  }
  return shared;
};
