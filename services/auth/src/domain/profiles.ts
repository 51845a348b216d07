import type { Profile } from '@starforge/contracts/auth';
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

/** The account's primary linked wallet: proven by a signature when it was linked. */
const linkedWallet = (db: Db, userId: string) =>
  db`(select wallet_address from wallet_auth where user_id = ${userId} order by is_primary desc, created_at limit 1)`;

/** The user's own profile, its wallet the proven one; an account without a row yet reads as an empty one. */
export const readProfile = async (db: Db, userId: string): Promise<Profile> => {
  const [row] = await db<ProfileRow[]>`
    select ${userId}::uuid as id, p.first_name, p.last_name, ${linkedWallet(db, userId)} as wallet_address, p.updated_at
    from (select 1) as one
    left join profiles p on p.id = ${userId}`;
  return toProfile(row ?? { id: userId, firstName: null, lastName: null, walletAddress: null, updatedAt: null });
};

/**
 * Saves the user's own names (the id is always the caller's) and keeps the account's metadata
 * in step, so the session's user shows what Settings saved.
 */
export const saveProfile = (db: Db, userId: string, update: { first_name: string | null; last_name: string | null }): Promise<Profile> =>
  transaction(db, async (tx) => {
    await tx`
      insert into profiles (id, first_name, last_name, updated_at)
      values (${userId}, ${update.first_name}, ${update.last_name}, now())
      on conflict (id) do update set
        first_name = excluded.first_name,
        last_name = excluded.last_name,
        updated_at = excluded.updated_at`;
    await tx`
      update users set
        user_metadata = (user_metadata - 'first_name' - 'last_name')
          || jsonb_strip_nulls(jsonb_build_object('first_name', ${update.first_name}::text, 'last_name', ${update.last_name}::text)),
        updated_at = now()
      where id = ${userId}`;
    return readProfile(tx, userId);
  });
