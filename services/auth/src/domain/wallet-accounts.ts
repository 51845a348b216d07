import { isUniqueViolation, transaction, type Db } from '@starforge/service-kit';
import { walletNotLinked, walletOnlySignIn } from './errors';
import { walletEmail } from './users';

const userOfWallet = async (db: Db, address: string): Promise<string | null> => {
  const [row] = await db<{ userId: string }[]>`select user_id from wallet_auth where wallet_address = ${address}`;
  return row?.userId ?? null;
};

/**
 * The account a proven wallet signs in to, created on first sign-in: a display e-mail derived
 * from the address, no password at all, the solana identity, the primary wallet_auth row and
 * a profile. Two first sign-ins racing meet at wallet_auth's unique address: the loser's
 * savepoint rolls back and it signs in to the winner's account.
 */
export const findOrCreateWalletUser = async (db: Db, address: string): Promise<string> => {
  const existing = await userOfWallet(db, address);
  if (existing) return existing;
  try {
    return await transaction(db, async (sp) => {
      const [user] = await sp<{ id: string }[]>`
        insert into users (email, user_metadata, email_confirmed_at)
        values (${walletEmail(address)}, ${sp.json({ wallet_address: address, wallet_type: 'solana' })}, now())
        returning id`;
      if (!user) throw new Error('User insert returned nothing');
      await sp`insert into identities (user_id, provider, provider_id) values (${user.id}, 'solana', ${address})`;
      await sp`insert into wallet_auth (user_id, wallet_address, wallet_type, is_primary) values (${user.id}, ${address}, 'solana', true)`;
      await sp`insert into profiles (id) values (${user.id})`;
      return user.id;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await userOfWallet(db, address);
    if (!winner) throw error;
    return winner;
  }
};

/**
 * Links a proven wallet to an account; primary when it is the account's first. Answers the
 * account the address belongs to afterwards: the caller's, or another one's it was already
 * linked to.
 */
export const linkWallet = (db: Db, userId: string, address: string): Promise<string> =>
  transaction(db, async (tx) => {
    const [row] = await tx<{ userId: string }[]>`
      insert into wallet_auth (user_id, wallet_address, wallet_type, is_primary)
      values (${userId}, ${address}, 'solana', not exists (select 1 from wallet_auth where user_id = ${userId} and is_primary))
      on conflict (wallet_address) do update set wallet_address = excluded.wallet_address
      returning user_id`;
    if (!row) throw new Error('wallet_auth upsert returned nothing');
    if (row.userId === userId) {
      await tx`
        insert into identities (user_id, provider, provider_id) values (${userId}, 'solana', ${address})
        on conflict (provider, provider_id) do nothing`;
    }
    return row.userId;
  });

/**
 * Unlinks one of the account's own wallets: it no longer signs in to the account nor shows on
 * its profile (which then reads the next linked wallet, or null). Refused when it is the
 * account's last way in (no password and no other wallet): its owner would be locked out, and
 * the wallet's next sign-in would make a new, empty account. Lock order: the user row, then its
 * wallets, so two unlinks of an account's two wallets cannot both pass the check.
 */
export const unlinkWallet = (db: Db, userId: string, address: string): Promise<void> =>
  transaction(db, async (tx) => {
    const [user] = await tx<{ hasPassword: boolean }[]>`select password_hash is not null as has_password from users where id = ${userId} for update`;
    const links = await tx<{ walletAddress: string; isPrimary: boolean }[]>`
      select wallet_address, is_primary from wallet_auth where user_id = ${userId} order by created_at for update`;
    const link = links.find((l) => l.walletAddress === address);
    if (!user || !link) throw walletNotLinked();
    if (!user.hasPassword && links.length === 1) throw walletOnlySignIn();
    await tx`delete from wallet_auth where user_id = ${userId} and wallet_address = ${address}`;
    await tx`delete from identities where user_id = ${userId} and provider = 'solana' and provider_id = ${address}`;
    // A wallet account's sign-up metadata names its first wallet: it no longer does once that is gone.
    await tx`
      update users set user_metadata = user_metadata - 'wallet_address', updated_at = now()
      where id = ${userId} and user_metadata ->> 'wallet_address' = ${address}`;
    const next = links.find((l) => l.walletAddress !== address);
    if (link.isPrimary && next) await tx`update wallet_auth set is_primary = true where wallet_address = ${next.walletAddress}`;
  });
