import { describe, expect, it } from 'vitest';
import { signUpResultSchema } from '@starforge/contracts/auth';
import { call, errorOf, signUp, testApp, testConfig, uniqueEmail, useAuthTestApp } from '../testing/harness';

describe('POST /signup', () => {
  const app = useAuthTestApp();

  const body = (email: string, password = 'secret1') => ({
    email,
    password,
    data: { first_name: ' Ada ', last_name: 'Lovelace' },
    redirect_to: 'http://localhost:3000',
  });

  it('creates the account, its profile and a session with the refresh cookie', async () => {
    const email = uniqueEmail('signup');
    const result = await call(app, 'POST', '/signup', { body: body(email.toUpperCase()) });
    expect(result.status).toBe(200);
    const { user, session } = signUpResultSchema.parse(result.body);
    expect(user.email).toBe(email);
    expect(user.user_metadata).toEqual({ first_name: 'Ada', last_name: 'Lovelace' });
    expect(user.identities.map((i) => i.provider)).toEqual(['email']);
    expect(user.factors).toEqual([]);
    expect(session?.token_type).toBe('bearer');
    expect(session?.user.id).toBe(user.id);
    expect(result.refresh).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [profile] = await app.sql`select first_name, last_name from profiles where id = ${user.id}`;
    expect(profile).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
    const [row] = await app.sql<{ passwordHash: string }[]>`select password_hash from users where id = ${user.id}`;
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses an e-mail already registered with user_already_exists', async () => {
    const email = uniqueEmail('dup');
    await signUp(app, email);
    const again = await call(app, 'POST', '/signup', { body: body(email) });
    expect(errorOf(again)).toEqual({ status: 422, code: 'user_already_exists', message: 'User already registered' });
    expect(again.refresh).toBeUndefined();
    const [count] = await app.sql`select count(*)::int as n from users where email = ${email}`;
    expect(count?.n).toBe(1);
  });

  it('refuses a short password with weak_password', async () => {
    const result = await call(app, 'POST', '/signup', { body: body(uniqueEmail('weak'), '12345') });
    expect(errorOf(result)).toEqual({ status: 422, code: 'weak_password', message: 'Password must be at least 6 characters' });
  });

  it('validates the other fields with validation_failed', async () => {
    expect(errorOf(await call(app, 'POST', '/signup', { body: body('not-an-email') }))).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Please enter a valid email address',
    });
    const noName = await call(app, 'POST', '/signup', { body: { email: uniqueEmail(), password: 'secret1', data: { first_name: '', last_name: 'X' } } });
    expect(errorOf(noName)).toMatchObject({ status: 400, message: 'First name is required' });
  });

  it('keeps the wallet e-mail domain for wallet accounts', async () => {
    const result = await call(app, 'POST', '/signup', { body: body('abcdefgh@wallet.starforge.app') });
    expect(errorOf(result)).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('answers a user without a session when e-mail confirmation is required, and refuses its sign-in until then', async () => {
    const confirming = testApp(app.sql, { config: testConfig({ requireEmailConfirmation: true }) });
    const email = uniqueEmail('confirm');
    const result = await call(confirming, 'POST', '/signup', { body: body(email) });
    expect(result.status).toBe(200);
    const parsed = signUpResultSchema.parse(result.body);
    expect(parsed.session).toBeNull();
    expect(parsed.user.email).toBe(email);
    expect(result.setCookie).toBeNull();

    const signIn = await call(confirming, 'POST', '/token?grant_type=password', { body: { email, password: 'secret1' } });
    expect(errorOf(signIn)).toMatchObject({ status: 400, code: 'email_not_confirmed' });
  });
});
