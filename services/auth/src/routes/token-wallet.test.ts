import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import bs58 from 'bs58';
import { siwsMessage } from '@starforge/contracts/auth';
import { call, errorOf, newWallet, sessionOf, testApp, testConfig, walletChallenge, walletProof, walletSignIn, useAuthTestApp } from '../testing/harness';

describe('wallet sign-in', () => {
  const app = useAuthTestApp();

  const signInWith = (body: unknown) => call(app, 'POST', '/token?grant_type=wallet', { body });
  const usersOf = async (address: string) => app.sql`select user_id from wallet_auth where wallet_address = ${address}`;
  const failed = { status: 401, code: 'wallet_proof_invalid', message: 'Failed to sign in with wallet' };

  it('issues a Sign-In With Solana challenge for the configured site, whatever host the request names, valid 5 minutes', async () => {
    const { address } = newWallet();
    const challenge = await walletChallenge(app, address, 'sign_in', { 'x-forwarded-host': 'relay.example', host: 'relay.example' });
    const { nonce, issued_at: issuedAt, expires_at: expiresAt } = challenge;
    expect(challenge.message).toBe(
      [
        'localhost:3000 wants you to sign in with your Solana account:',
        address,
        '',
        `Sign in to Starforge with wallet: ${address}`,
        '',
        'URI: http://localhost:3000',
        'Version: 1',
        'Chain ID: mainnet',
        `Nonce: ${nonce}`,
        `Issued At: ${issuedAt}`,
        `Expiration Time: ${expiresAt}`,
      ].join('\n'),
    );
    // A wallet with `signIn` builds the same text from the input.
    expect(siwsMessage(challenge.input)).toBe(challenge.message);
    expect(Date.parse(expiresAt) - Date.parse(issuedAt)).toBe(5 * 60_000);
  });

  it('accepts what a wallet signs through signIn, built from the challenge input', async () => {
    const wallet = newWallet();
    const { input } = await walletChallenge(app, wallet.address);
    const signedMessage = siwsMessage(input);
    expect(sessionOf(await signInWith({ address: wallet.address, message: signedMessage, signature: wallet.sign(signedMessage) })).user.email).toContain(
      wallet.address.slice(0, 8),
    );
  });

  it('creates the wallet account on first sign-in and returns to it afterwards', async () => {
    const wallet = newWallet();
    const first = await walletSignIn(app, wallet);
    const session = sessionOf(first);
    expect(first.refresh).toBeTruthy();
    expect(session.user.email).toBe(`${wallet.address.slice(0, 8)}@wallet.starforge.app`);
    expect(session.user.user_metadata).toEqual({ wallet_address: wallet.address, wallet_type: 'solana' });
    expect(session.user.identities.map((i) => i.provider)).toEqual(['solana']);

    const [link] = await app.sql`select user_id, wallet_type, is_primary from wallet_auth where wallet_address = ${wallet.address}`;
    expect(link).toEqual({ userId: session.user.id, walletType: 'solana', isPrimary: true });
    const [user] = await app.sql`select password_hash from users where id = ${session.user.id}`;
    expect(user?.passwordHash).toBeNull();
    const profile = await call(app, 'GET', '/profile', { token: session.access_token });
    expect(profile.body).toMatchObject({ id: session.user.id, wallet_address: wallet.address });

    const again = sessionOf(await walletSignIn(app, wallet));
    expect(again.user.id).toBe(session.user.id);
  });

  it('refuses a signature by another key, creates nothing and leaves the challenge for its owner', async () => {
    const wallet = newWallet();
    const forger = newWallet();
    const { message } = await walletChallenge(app, wallet.address);
    expect(errorOf(await signInWith({ address: wallet.address, message, signature: forger.sign(message) }))).toEqual(failed);
    expect(errorOf(await signInWith({ address: wallet.address, message, signature: Buffer.alloc(64).toString('base64') }))).toEqual(failed);
    expect(errorOf(await signInWith({ address: wallet.address, message, signature: 'bm90LWEtc2lnbmF0dXJl' }))).toEqual(failed);
    expect(await usersOf(wallet.address)).toHaveLength(0);
    expect(sessionOf(await signInWith({ address: wallet.address, message, signature: wallet.sign(message) })).user.email).toContain(wallet.address.slice(0, 8));
  });

  it('refuses a replayed challenge', async () => {
    const wallet = newWallet();
    const proof = await walletProof(app, wallet);
    expect((await signInWith(proof)).status).toBe(200);
    expect(errorOf(await signInWith(proof))).toEqual(failed);
  });

  it('refuses concurrent uses of one challenge but one', async () => {
    const wallet = newWallet();
    const proof = await walletProof(app, wallet);
    const results = await Promise.all([signInWith(proof), signInWith(proof), signInWith(proof)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401]);
  });

  it('refuses an expired challenge', async () => {
    const wallet = newWallet();
    const proof = await walletProof(app, wallet);
    await app.sql`update wallet_nonces set expires_at = now() - interval '1 second' where wallet_address = ${wallet.address}`;
    expect(errorOf(await signInWith(proof))).toEqual(failed);
    expect(await usersOf(wallet.address)).toHaveLength(0);
  });

  it('refuses a proof for any other domain: a relay cannot redeem what its own page collected', async () => {
    const wallet = newWallet();
    // The relay rewrites the issued challenge to show its own name, and the user signs that.
    const { message } = await walletChallenge(app, wallet.address);
    const relayed = message.replace('localhost:3000 wants', 'relay.example wants').replace('URI: http://localhost:3000', 'URI: https://relay.example');
    expect(errorOf(await signInWith({ address: wallet.address, message: relayed, signature: wallet.sign(relayed) }))).toEqual(failed);
    // A challenge issued for another site (another deployment's configuration) is refused here too.
    const elsewhere = testApp(app.sql, { config: testConfig({ publicOrigin: 'https://relay.example' }) });
    const foreign = await walletProof(elsewhere, wallet);
    expect(foreign.message.startsWith('relay.example wants you')).toBe(true);
    expect(errorOf(await signInWith(foreign))).toEqual(failed);
    expect(await usersOf(wallet.address)).toHaveLength(0);
  });

  it('refuses a message that is not exactly the one issued, even when signed', async () => {
    const wallet = newWallet();
    const { message } = await walletChallenge(app, wallet.address);
    const altered = message.replace('Issued At: ', 'Issued At: 2020');
    expect(errorOf(await signInWith({ address: wallet.address, message: altered, signature: wallet.sign(altered) }))).toEqual(failed);
    const noNonce = message.replace(/^Nonce: .*$/m, '');
    expect(errorOf(await signInWith({ address: wallet.address, message: noNonce, signature: wallet.sign(noNonce) }))).toEqual(failed);
  });

  it("refuses one wallet's challenge signed and presented by another", async () => {
    const victim = newWallet();
    const attacker = newWallet();
    const { message } = await walletChallenge(app, victim.address);
    expect(errorOf(await signInWith({ address: attacker.address, message, signature: attacker.sign(message) }))).toEqual(failed);
  });

  it('answers 400 for a malformed address, for the challenge and the sign-in', async () => {
    const tooShort = bs58.encode(randomBytes(24));
    expect(tooShort.length).toBeGreaterThanOrEqual(32);
    for (const address of ['not a wallet address at all!!!!!', '0OIl'.repeat(9), tooShort]) {
      expect(errorOf(await call(app, 'POST', '/wallet/nonce', { body: { address } }))).toMatchObject({
        status: 400,
        code: 'validation_failed',
        message: 'Invalid Solana address',
      });
      expect(errorOf(await signInWith({ address, message: 'x', signature: 'eA==' }))).toMatchObject({ status: 400, code: 'validation_failed' });
    }
  });

  it('makes one account when a wallet signs in for the first time twice at once', async () => {
    const wallet = newWallet();
    const proofs = await Promise.all([walletProof(app, wallet), walletProof(app, wallet)]);
    const results = await Promise.all(proofs.map((proof) => signInWith(proof)));
    const [a, b] = results.map(sessionOf);
    expect(a?.user.id).toBe(b?.user.id);
    expect(await usersOf(wallet.address)).toHaveLength(1);
    const [count] = await app.sql`select count(*)::int as n from users where email = ${`${wallet.address.slice(0, 8)}@wallet.starforge.app`}`;
    expect(count?.n).toBe(1);
  });
});
