import { randomUUID } from 'node:crypto';

const json = { 'content-type': 'application/json' };

/** A JSON POST through the gateway: its status and body (null when it is not JSON). */
export const postJson = async (url: string, body: unknown): Promise<{ status: number; body: unknown }> => {
  const res = await fetch(url, { method: 'POST', headers: json, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json().catch(() => null) };
};

export interface BenchAccount {
  email: string;
  password: string;
  userId: string;
  /** An access token of a live session, issued by the auth service. */
  token: string;
}

/**
 * A new user signed up through the gateway (`tag` starts its e-mail), with a real session: the
 * sign-up's own, or a password sign-in when the service asks for e-mail confirmation first.
 */
export const signUpAccount = async (base: string, tag: string, name: { first: string; last: string }): Promise<BenchAccount> => {
  const email = `${tag}-${randomUUID().slice(0, 12)}@example.com`;
  const password = 'bench-password-42';
  const signup = await postJson(`${base}/api/auth/signup`, { email, password, data: { first_name: name.first, last_name: name.last } });
  const body = signup.body as { user?: { id: string }; session?: { access_token: string } | null } | null;
  if (signup.status !== 200 || !body?.user) throw new Error(`sign-up answered ${signup.status}: ${JSON.stringify(signup.body)}`);
  if (body.session) return { email, password, userId: body.user.id, token: body.session.access_token };
  const signIn = await postJson(`${base}/api/auth/token?grant_type=password`, { email, password });
  const token = (signIn.body as { access_token?: string } | null)?.access_token;
  if (signIn.status !== 200 || !token) throw new Error(`sign-in answered ${signIn.status}: ${JSON.stringify(signIn.body)}`);
  return { email, password, userId: body.user.id, token };
};
