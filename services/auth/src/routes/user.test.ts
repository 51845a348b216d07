import { describe, expect, it } from 'vitest';
import { userSchema } from '@starforge/contracts/auth';
import { call, errorOf, newWallet, sessionOf, signUp, walletProof, walletSignIn, useAuthTestApp } from '../testing/harness';

describe('GET /user and POST /user/wallets', () => {
  const app = useAuthTestApp();

  const link = (token: string, body: unknown) => call(app, 'POST', '/user/wallets', { token, body });

  it('answers the signed-in user', async () => {
    const { session, userId, email } = await signUp(app);
    const result = await call(app, 'GET', '/user', { token: session.access_token });
    expect(result.status).toBe(200);
    expect(userSchema.parse(result.body)).toMatchObject({ id: userId, email, user_metadata: { first_name: 'Ada', last_name: 'Lovelace' } });
  });

  it('refuses a missing, malformed or altered token with invalid_jwt', async () => {
    const { session } = await signUp(app);
    const [head, payload] = session.access_token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url');
    for (const token of [null, 'garbage', `${head}.${forgedPayload}.${session.access_token.split('.')[2]}`, `${head}.${payload}.`]) {
      const result = await call(app, 'GET', '/user', { token });
      expect(errorOf(result)).toMatchObject({ status: 401, code: 'invalid_jwt' });
      expect(result.headers.get('www-authenticate')).toContain('Bearer');
    }
  });

  it('links a proven wallet to the account, which then signs in to it', async () => {
    const { session, userId } = await signUp(app);
    const wallet = newWallet();
    const result = await link(session.access_token, await walletProof(app, wallet, 'link'));
    expect(result.status).toBe(200);
    const user = userSchema.parse(result.body);
    expect(user.identities.map((i) => i.provider)).toEqual(['email', 'solana']);
    const [row] = await app.sql`select user_id, is_primary from wallet_auth where wallet_address = ${wallet.address}`;
    expect(row).toEqual({ userId, isPrimary: true });

    // Linking again is harmless; a second wallet is not primary.
    expect((await link(session.access_token, await walletProof(app, wallet, 'link'))).status).toBe(200);
    const second = newWallet();
    expect((await link(session.access_token, await walletProof(app, second, 'link'))).status).toBe(200);
    const [secondRow] = await app.sql`select is_primary from wallet_auth where wallet_address = ${second.address}`;
    expect(secondRow?.isPrimary).toBe(false);

    expect(sessionOf(await walletSignIn(app, wallet)).user.id).toBe(userId);
  });

  it('refuses a wallet linked to another account with wallet_already_linked', async () => {
    const wallet = newWallet();
    const owner = sessionOf(await walletSignIn(app, wallet));
    const { session } = await signUp(app);
    expect(errorOf(await link(session.access_token, await walletProof(app, wallet, 'link')))).toMatchObject({ status: 409, code: 'wallet_already_linked' });
    const rows = await app.sql`select user_id from wallet_auth where wallet_address = ${wallet.address}`;
    expect(rows).toEqual([{ userId: owner.user.id }]);
  });

  it('takes a proof for linking only: an unspent sign-in proof cannot link the wallet to another account', async () => {
    const wallet = newWallet();
    const { session } = await signUp(app);
    const signInProof = await walletProof(app, wallet, 'sign_in');
    expect(errorOf(await link(session.access_token, signInProof))).toMatchObject({ status: 401, code: 'wallet_proof_invalid' });
    expect(await app.sql`select 1 from wallet_auth where wallet_address = ${wallet.address}`).toHaveLength(0);
    // Nor can a link proof sign in; the sign-in proof is still good for its own purpose.
    const linkProof = await walletProof(app, wallet, 'link');
    expect(errorOf(await call(app, 'POST', '/token?grant_type=wallet', { body: linkProof }))).toMatchObject({ status: 401, code: 'wallet_proof_invalid' });
    expect((await call(app, 'POST', '/token?grant_type=wallet', { body: signInProof })).status).toBe(200);
  });

  it('refuses an unproven wallet', async () => {
    const { session } = await signUp(app);
    const wallet = newWallet();
    const { address, message } = await walletProof(app, wallet, 'link');
    const forged = await link(session.access_token, { address, message, signature: newWallet().sign(message) });
    expect(errorOf(forged)).toMatchObject({ status: 401, code: 'wallet_proof_invalid' });
    expect(await app.sql`select 1 from wallet_auth where wallet_address = ${address}`).toHaveLength(0);
    expect(errorOf(await link('', { address, message, signature: wallet.sign(message) }))).toMatchObject({ status: 401, code: 'invalid_jwt' });
  });
});
