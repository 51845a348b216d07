import { readFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { dirname, relative, sep } from 'node:path';
import type { Plugin } from 'esbuild';

/** A path from the bundle's folder to `file`, as a relative URL (forward slashes, starting with ./ or ../). */
const fromBundle = (outDir: string, file: string): string => {
  const path = relative(outDir, file).split(sep).join('/');
  return path.startsWith('.') ? path : `./${path}`;
};

const builtins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);

/**
 * npm packages stay outside the bundle, imported by the path of the very file Node would load for
 * the module that imports them. A bare name would not do: pnpm links a package only into the
 * node_modules of the workspace packages that declare it, so `pg-boss` (a service-kit dependency)
 * cannot be found from services/rewards/dist. The conditions are Node's own (no `module`, `main`
 * only), so a package imported from the bundle and from another package is one copy, not two.
 */
export const externalPackages = (outDir: string): Plugin => ({
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('@starforge/') || builtins.has(args.path) || args.pluginData === 'resolving') return undefined;
      const found = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'resolving' });
      if (found.errors.length) return { errors: found.errors };
      return { path: fromBundle(outDir, found.path), external: true };
    });
  },
});

const IMPORT_META = /\bimport\.meta\.(url|dirname|filename)\b/g;

/**
 * Workspace code finds files beside its source (a service's migrations, the kit's) through
 * `import.meta`; inlined into a bundle, `import.meta` would name the bundle instead. Each use is
 * rewritten to the source file's place, relative to the bundle, so the checkout can still move.
 */
export const sourceImportMeta = (outDir: string): Plugin => ({
  name: 'source-import-meta',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta')) return undefined;
      const at = (path: string) => `new URL(${JSON.stringify(fromBundle(outDir, path))}, import.meta.url)`;
      const replaced = source.replace(IMPORT_META, (_match, field: string) =>
        field === 'url' ? `${at(args.path)}.href` : `__sourcePath(${at(field === 'dirname' ? dirname(args.path) : args.path)})`,
      );
      // Appended, not prepended (imports are hoisted), so the source map's lines stay the file's lines.
      const contents = `${replaced}\nimport { fileURLToPath as __sourcePath } from 'node:url';\n`;
      return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
});
