import { z } from 'zod';
import { identitySchema, userMetadataSchema, WALLET_EMAIL_DOMAIN, type AuthUser, type UserMetadata } from '@starforge/contracts/auth';
import { transaction, type Db } from '@starforge/service-kit';

/** A wallet account's display e-mail: the first 8 characters of the address at the wallet domain. */
export const walletEmail = (address: string): string => `${address.slice(0, 8)}@${WALLET_EMAIL_DOMAIN}`;

export const isWalletEmail = (email: string): boolean => email.endsWith(`@${WALLET_EMAIL_DOMAIN}`);

interface UserRow {
  id: string;
  email: string;
  createdAt: Date;
  // JSON read as text: the pool's camelCase transform would otherwise rename snake_case keys.
  metadataJson: string;
  identitiesJson: string;
}

const identitiesSchema = z.array(identitySchema);

/** The user in the wire shape of the contract (snake_case, identities, no factors). */
export const loadUser = async (db: Db, id: string): Promise<AuthUser | null> => {
  const [row] = await db<UserRow[]>`
    select u.id, u.email, u.created_at,
      u.user_metadata::text as metadata_json,
      (
        select coalesce(json_agg(json_build_object('provider', i.provider, 'id', i.provider_id, 'identity_id', i.id, 'created_at', i.created_at) order by i.created_at), '[]')
        from identities i where i.user_id = u.id
      )::text as identities_json
    from users u
    where u.id = ${id}`;
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    created_at: row.createdAt.toISOString(),
    user_metadata: userMetadataSchema.parse(JSON.parse(row.metadataJson)),
    identities: identitiesSchema.parse(JSON.parse(row.identitiesJson)).map((i) => ({ ...i, created_at: new Date(i.created_at).toISOString() })),
    factors: [],
  };
};

export const requireLoadedUser = async (db: Db, id: string): Promise<AuthUser> => {
  const user = await loadUser(db, id);
  if (!user) throw new Error(`User ${id} vanished`);
  return user;
};

/** A password account with its first identity and profile, or null when the e-mail is taken. */
export const createPasswordUser = async (
  db: Db,
  input: { email: string; passwordHash: string; metadata: UserMetadata; confirmed: boolean },
): Promise<string | null> =>
  transaction(db, async (tx) => {
    const [user] = await tx<{ id: string }[]>`
      insert into users (email, password_hash, user_metadata, email_confirmed_at)
      values (${input.email}, ${input.passwordHash}, ${tx.json(input.metadata)}, ${input.confirmed ? new Date() : null})
      on conflict (email) where password_hash is not null do nothing
      returning id`;
    if (!user) return null;
    await tx`insert into identities (user_id, provider, provider_id) values (${user.id}, 'email', ${input.email})`;
    await tx`
      insert into profiles (id, first_name, last_name)
      values (${user.id}, ${input.metadata.first_name ?? null}, ${input.metadata.last_name ?? null})`;
    return user.id;
  });

export interface PasswordAccount {
  id: string;
  passwordHash: string;
  emailConfirmedAt: Date | null;
}

export const findPasswordAccount = async (db: Db, email: string): Promise<PasswordAccount | null> => {
  const [row] = await db<PasswordAccount[]>`
    select id, password_hash, email_confirmed_at from users
    where email = ${email} and password_hash is not null`;
  return row ?? null;
};
