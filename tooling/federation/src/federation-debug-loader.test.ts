import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const loader = require('./federation-debug-loader.cjs') as (source: string) => string;

// The SDK the shell's build bundles: the one @module-federation/enhanced resolves.
const fromEnhanced = createRequire(require.resolve('@module-federation/enhanced'));
const runtimeCore = createRequire(fromEnhanced.resolve('@module-federation/runtime-core'));
const sdkEnv = join(dirname(runtimeCore.resolve('@module-federation/sdk')), 'env.js');

describe('federation-debug-loader', () => {
  it("takes the localStorage read out of the installed SDK's debug switch, and nothing else", () => {
    const source = readFileSync(sdkEnv, 'utf8');
    expect(source).toContain('localStorage');
    const loaded = loader(source);
    expect(loaded).not.toContain('localStorage');
    // The build-time switch stays: FEDERATION_DEBUG, set by webpack-config.ts's DefinePlugin.
    expect(loaded).toContain('FEDERATION_DEBUG');
    expect(loaded.length).toBeGreaterThan(source.length - 120);
  });

  it('fails the build when the SDK reads its switch some other way', () => {
    expect(() => loader('export const isDebugMode = () => Boolean(localStorage.getItem("FEDERATION_DEBUG"));')).toThrow(/update the loader/);
  });
});
