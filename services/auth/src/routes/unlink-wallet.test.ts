import { describe, expect, it } from 'vitest';
import { authServiceMessages, profileSchema, userSchema } from '@starforge/contracts/auth';
import { call, errorOf, newWallet, sessionOf, signUp, useAuthTestApp, walletProof, walletSignIn, type Wallet } from '../testing/harness';

describe('DELETE /user/wallets/{address}', () => {
  const app = useAuthTestApp();

  const link = (token: string, wallet: Wallet) => walletProof(app, wallet, 'link').then((body) => call(app, 'POST', '/user/wallets', { token, body }));
  const unlink = (token: string, address: string) => call(app, 'DELETE', `/user/wallets/${address}`, { token });
  const profileOf = async (token: string) => profileSchema.parse((await call(app, 'GET', '/profile', { token })).body);

  it('unlinks an e-mail account’s wallet: the profile saves it empty (null), and the wallet no longer signs in to the account', async () => {
    const { session, userId } = await signUp(app);
    const wallet = newWallet();
    expect((await link(session.access_token, wallet)).status).toBe(200);
    expect((await profileOf(session.access_token)).wallet_address).toBe(wallet.address);

    const result = await unlink(session.access_token, wallet.address);
    expect(result.status).toBe(200);
    expect(userSchema.parse(result.body).identities.map((i) => i.provider)).toEqual(['email']);
    expect((await profileOf(session.access_token)).wallet_address).toBeNull();
    expect(await app.sql`select 1 from wallet_auth where user_id = ${userId}`).toHaveLength(0);
    // The session goes on; the wallet now signs in to an account of its own, not this one.
    expect((await call(app, 'GET', '/user', { token: session.access_token })).status).toBe(200);
    expect(sessionOf(await walletSignIn(app, wallet)).user.id).not.toBe(userId);
  });

  it('sets the wallet again only by a proven link: the profile still refuses a typed address', async () => {
    const { session } = await signUp(app);
    const wallet = newWallet();
    await link(session.access_token, wallet);
    expect((await unlink(session.access_token, wallet.address)).status).toBe(200);
    const typed = await call(app, 'PUT', '/profile', { token: session.access_token, body: { first_name: 'Ada', wallet_address: wallet.address } });
    expect(errorOf(typed)).toMatchObject({ status: 400, code: 'validation_failed' });
    const { address, message } = await walletProof(app, wallet, 'link');
    const forged = await call(app, 'POST', '/user/wallets', { token: session.access_token, body: { address, message, signature: newWallet().sign(message) } });
    expect(errorOf(forged)).toMatchObject({ status: 401, code: 'wallet_proof_invalid' });
    expect((await profileOf(session.access_token)).wallet_address).toBeNull();
    expect((await link(session.access_token, wallet)).status).toBe(200);
    expect((await profileOf(session.access_token)).wallet_address).toBe(wallet.address);
  });

  it('unlinks only the caller’s own wallet: another account’s is not found and stays linked', async () => {
    const alice = await signUp(app);
    const bob = await signUp(app);
    const wallet = newWallet();
    await link(alice.session.access_token, wallet);
    expect(errorOf(await unlink(bob.session.access_token, wallet.address))).toEqual({
      status: 404,
      code: 'wallet_not_linked',
      message: authServiceMessages.walletNotLinked,
    });
    expect(errorOf(await unlink(bob.session.access_token, newWallet().address))).toMatchObject({ status: 404, code: 'wallet_not_linked' });
    expect(errorOf(await call(app, 'DELETE', `/user/wallets/${wallet.address}`))).toMatchObject({ status: 401, code: 'invalid_jwt' });
    expect(errorOf(await unlink(bob.session.access_token, 'not-an-address'))).toMatchObject({ status: 400, code: 'validation_failed' });
    expect((await profileOf(alice.session.access_token)).wallet_address).toBe(wallet.address);
    expect(await app.sql`select user_id from wallet_auth where wallet_address = ${wallet.address}`).toEqual([{ userId: alice.userId }]);
  });

  it('keeps a wallet account’s only way in: its wallet stays linked and still signs in', async () => {
    const wallet = newWallet();
    const session = sessionOf(await walletSignIn(app, wallet));
    expect(errorOf(await unlink(session.access_token, wallet.address))).toEqual({
      status: 409,
      code: 'wallet_only_sign_in',
      message: authServiceMessages.walletOnlySignIn,
    });
    expect((await profileOf(session.access_token)).wallet_address).toBe(wallet.address);
    expect(sessionOf(await walletSignIn(app, wallet)).user.id).toBe(session.user.id);
  });

  it('lets a wallet account with a second wallet unlink the first: the second becomes its profile wallet and its way in', async () => {
    const first = newWallet();
    const second = newWallet();
    const session = sessionOf(await walletSignIn(app, first));
    expect((await link(session.access_token, second)).status).toBe(200);

    const result = await unlink(session.access_token, first.address);
    expect(result.status).toBe(200);
    const user = userSchema.parse(result.body);
    expect(user.identities.map((i) => i.id)).toEqual([second.address]);
    expect(user.user_metadata.wallet_address).toBeUndefined();
    expect((await profileOf(session.access_token)).wallet_address).toBe(second.address);
    expect(await app.sql`select is_primary from wallet_auth where wallet_address = ${second.address}`).toEqual([{ isPrimary: true }]);
    expect(errorOf(await unlink(session.access_token, second.address))).toMatchObject({ status: 409, code: 'wallet_only_sign_in' });
    expect(sessionOf(await walletSignIn(app, second)).user.id).toBe(session.user.id);
  });

  it('decides two unlinks at once in the database: a wallet account keeps one of its two wallets', async () => {
    const first = newWallet();
    const second = newWallet();
    const session = sessionOf(await walletSignIn(app, first));
    await link(session.access_token, second);
    const results = await Promise.all([unlink(session.access_token, first.address), unlink(session.access_token, second.address)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await app.sql`select 1 from wallet_auth where user_id = ${session.user.id} and is_primary`).toHaveLength(1);
  });
});
