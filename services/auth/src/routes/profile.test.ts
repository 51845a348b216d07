import { describe, expect, it } from 'vitest';
import { profileSchema, walletAddressReadOnly } from '@starforge/contracts/auth';
import { call, errorOf, newWallet, signUp, useAuthTestApp, walletProof, walletSignIn } from '../testing/harness';

describe('GET and PUT /profile', () => {
  const app = useAuthTestApp();

  const getProfile = async (token: string) => profileSchema.parse((await call(app, 'GET', '/profile', { token })).body);
  const put = (token: string, body: unknown) => call(app, 'PUT', '/profile', { token, body });

  it("reads the caller's own profile, made at sign-up", async () => {
    const { session, userId } = await signUp(app);
    expect(await getProfile(session.access_token)).toMatchObject({ id: userId, first_name: 'Ada', last_name: 'Lovelace', wallet_address: null });
  });

  it('saves the fields, empty ones as null, and the session user follows the names', async () => {
    const { session, userId } = await signUp(app);
    const saved = await put(session.access_token, { first_name: ' Grace ', last_name: '' });
    expect(saved.status).toBe(200);
    expect(profileSchema.parse(saved.body)).toMatchObject({ id: userId, first_name: 'Grace', last_name: null, wallet_address: null });
    expect(await getProfile(session.access_token)).toMatchObject({ first_name: 'Grace', last_name: null });
    const user = (await call(app, 'GET', '/user', { token: session.access_token })).body as { user_metadata: unknown };
    expect(user.user_metadata).toEqual({ first_name: 'Grace' });
  });

  it("neither reads nor writes another user's row", async () => {
    const alice = await signUp(app);
    const bob = await signUp(app);
    expect((await put(bob.session.access_token, { first_name: 'Bob', last_name: 'Builder' })).status).toBe(200);

    // There is no id to aim with: an id in the body is refused, and the write lands on the caller's row.
    const aimed = await put(alice.session.access_token, { id: bob.userId, first_name: 'Mallory' });
    expect(errorOf(aimed)).toMatchObject({ status: 400, code: 'validation_failed' });
    expect((await put(alice.session.access_token, { first_name: 'Alice' })).status).toBe(200);

    expect(await getProfile(bob.session.access_token)).toMatchObject({ id: bob.userId, first_name: 'Bob', last_name: 'Builder' });
    expect(await getProfile(alice.session.access_token)).toMatchObject({ id: alice.userId, first_name: 'Alice' });
    const [row] = await app.sql`select first_name from profiles where id = ${bob.userId}`;
    expect(row?.firstName).toBe('Bob');
  });

  it('refuses an e-mail field: the e-mail cannot be changed here', async () => {
    const { session, email, userId } = await signUp(app);
    const result = await put(session.access_token, { first_name: 'Eve', email: 'eve@example.com' });
    expect(errorOf(result)).toEqual({ status: 400, code: 'validation_failed', message: 'Email cannot be changed' });
    const [user] = await app.sql`select email from users where id = ${userId}`;
    expect(user?.email).toBe(email);
  });

  it('shows the proven, linked wallet and saves no wallet address of its own', async () => {
    // Another user's wallet, proven by them: it cannot be shown on this profile.
    const owned = newWallet();
    await walletSignIn(app, owned);
    const { session, userId } = await signUp(app);
    for (const wallet_address of [owned.address, newWallet().address, '', null]) {
      expect(errorOf(await put(session.access_token, { first_name: 'Eve', wallet_address })), String(wallet_address)).toEqual({
        status: 400,
        code: 'validation_failed',
        message: walletAddressReadOnly,
      });
    }
    expect(await getProfile(session.access_token)).toMatchObject({ id: userId, first_name: 'Ada', wallet_address: null });

    const mine = newWallet();
    expect((await call(app, 'POST', '/user/wallets', { token: session.access_token, body: await walletProof(app, mine, 'link') })).status).toBe(200);
    expect(await getProfile(session.access_token)).toMatchObject({ wallet_address: mine.address });
    expect((await put(session.access_token, { first_name: 'Ada' })).body).toMatchObject({ wallet_address: mine.address });
  });

  it('needs a live session', async () => {
    const { session } = await signUp(app);
    expect(errorOf(await call(app, 'GET', '/profile'))).toMatchObject({ status: 401, code: 'invalid_jwt' });
    await call(app, 'POST', '/logout?scope=local', { token: session.access_token });
    expect(errorOf(await put(session.access_token, { first_name: 'Late' }))).toMatchObject({ status: 401, code: 'session_not_found' });
  });
});
