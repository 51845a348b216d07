import { isUniqueViolation, transaction, type Db } from '@starforge/service-kit';
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
