import { resolve } from 'node:path';

/** The workspace root, wherever the checkout lives. */
export const repoRoot = resolve(import.meta.dirname, '../../..');
export const fromRoot = (...parts: string[]): string => resolve(repoRoot, ...parts);
