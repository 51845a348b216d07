import { hash, verify, type Algorithm } from '@node-rs/argon2';

// `Algorithm` is an ambient const enum, which isolatedModules cannot read; 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (~12 ms a hash here). */
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, options);

let decoy: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no account (`null`) it still spends one
 * verification on a decoy hash, so an unknown e-mail answers as slowly as a wrong password.
 */
export const checkPassword = async (stored: string | null, password: string): Promise<boolean> => {
  if (stored) return verify(stored, password).catch(() => false);
  decoy ??= hashPassword('starforge-decoy-password');
  await verify(await decoy, password).catch(() => false);
  return false;
};
