import type { Profile } from '@starforge/contracts';
import { transaction, type Db } from '@starforge/service-kit';

interface ProfileRow {
  id: string;
  firstName: string | null;
  lastName: string | null;
  walletAddress: string | null;
  updatedAt: Date | null;
}

const toProfile = (row: ProfileRow): Profile => ({
  id: row.id,
  first_name: row.firstName,
  last_name: row.lastName,
  wallet_address: row.walletAddress,
  updated_at: row.updatedAt?.toISOString() ?? null,
});

/** The user's own profile; an account without a row yet reads as an empty one. */
export const readProfile = async (db: Db, userId: string): Promise<Profile> => {
  const [row] = await db<ProfileRow[]>`select id, first_name, last_name, wallet_address, updated_at from profiles where id = ${userId}`;
  return toProfile(row ?? { id: userId, firstName: null, lastName: null, walletAddress: null, updatedAt: null });
};

/**
 * Saves the user's own profile (the id is always the caller's) and keeps the names in the
 * account's metadata in step, so the session's user shows what Settings saved.
 */
export const saveProfile = (db: Db, userId: string, update: { first_name: string | null; last_name: string | null; wallet_address: string | null }): Promise<Profile> =>
  transaction(db, async (tx) => {
    const [row] = await tx<ProfileRow[]>`
      insert into profiles (id, first_name, last_name, wallet_address, updated_at)
      values (${userId}, ${update.first_name}, ${update.last_name}, ${update.wallet_address}, now())
      on conflict (id) do update set
        first_name = excluded.first_name,
        last_name = excluded.last_name,
        wallet_address = excluded.wallet_address,
        updated_at = excluded.updated_at
      returning id, first_name, last_name, wallet_address, updated_at`;
    if (!row) throw new Error('Profile upsert returned nothing');
    await tx`
      update users set
        user_metadata = (user_metadata - 'first_name' - 'last_name')
          || jsonb_strip_nulls(jsonb_build_object('first_name', ${update.first_name}::text, 'last_name', ${update.last_name}::text)),
        updated_at = now()
      where id = ${userId}`;
    return toProfile(row);
  });
