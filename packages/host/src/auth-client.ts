import {
  AUTO_REFRESH_TICK_MS,
  REFRESH_MARGIN_MS,
  REFRESH_RETRY_BASE_MS,
  REFRESH_RETRY_MAX_ATTEMPTS,
  hasSessionHint,
  type AuthUser,
  type Session,
  type SignOutScope,
} from '@starforge/contracts/auth';
import { ApiRequestError, isRetryable, networkError, readJson, requestJson, type JsonRequestInit } from './http';
import { sessionAtom, type AuthEvent } from './session';
import { hostStore } from './store';

type Listener = (event: AuthEvent, session: Session | null) => void;

const AUTH = '/api/auth';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The browser side of the session. The access token lives only in memory; the refresh token
 * lives in an httpOnly cookie the script never sees, so a reload restores the session by
 * asking for a refresh. The auth service sets and clears a readable hint cookie with it, so a
 * visitor who has none is signed out without asking. Every change is published to
 * `sessionAtom` and to listeners.
 */
class AuthClient {
  private session: Session | null = null;
  private listeners = new Set<Listener>();
  private refreshing: Promise<Session | null> | null = null;
  private ticker: ReturnType<typeof setInterval> | null = null;
  private initialized: Promise<Session | null> | null = null;
  /** Counts local sign-outs, so a refresh answered after one is dropped instead of restoring the session. */
  private signOuts = 0;

  /**
   * Restores the session from the refresh cookie, once; emits INITIAL_SESSION. Without the
   * session hint cookie nothing is sent and the session is signed out before this returns (so
   * the first render already shows a guest screen, not a spinner). With it, the page may have
   * sent that first refresh request already, while its code was loading (`null`: it did not).
   */
  initialize(earlyRefresh?: Promise<Response | null> | null): Promise<Session | null> {
    this.initialized ??= (async () => {
      // Without the hint there is no await before the emit, so it runs before initialize returns.
      const session = hasSessionHint(typeof document === 'undefined' ? '' : document.cookie)
        ? await this.refresh({ silent: true, firstAttempt: earlyRefresh ?? undefined }).catch(() => null)
        : null;
      this.emit('INITIAL_SESSION', session);
      this.startAutoRefresh();
      return session;
    })();
    return this.initialized;
  }

  getSession(): Session | null {
    return this.session;
  }

  /** A current access token, refreshed first when it is about to expire. */
  async getAccessToken(): Promise<string | null> {
    if (!this.session) return null;
    if (this.expiresSoon(this.session)) await this.refresh().catch(() => null);
    return this.session?.access_token ?? null;
  }

  onAuthStateChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Publishes a session the auth remote just obtained (sign-in, sign-up): SIGNED_IN. */
  signedIn(session: Session): void {
    this.emit('SIGNED_IN', session);
  }

  /** Publishes the signed-in user's new state (a wallet linked, names saved): USER_UPDATED. */
  updateUser(user: AuthUser): void {
    if (!this.session) return;
    this.emit('USER_UPDATED', { ...this.session, user });
  }

  /**
   * Signs out (scope global by default). The local session ends first, before the server is
   * asked: while the logout travels the server already ends the session (it closes the tab's
   * event stream, whose reconnect would refresh and be refused), and the screens still showing
   * would read with it; from the click on, nothing in the tab reads, refreshes or listens. The
   * logout carries the token the session had, and the local session ends even if it fails.
   */
  async signOut(scope: SignOutScope = 'global'): Promise<void> {
    const token = this.session?.access_token ?? null;
    if (scope !== 'others') {
      this.signOuts++;
      this.emit('SIGNED_OUT', null);
    }
    try {
      await requestJson<void>(`${AUTH}/logout?scope=${scope}`, { method: 'POST', token });
    } catch (error) {
      console.warn('sign-out request failed', error);
    }
  }

  /** A request with the access token, retried once after a refresh if the token was refused. */
  async authed<T>(path: string, init: Omit<JsonRequestInit, 'token'> = {}): Promise<T> {
    const token = await this.getAccessToken();
    try {
      return await requestJson<T>(path, { ...init, token });
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 401 && this.session) {
        const refreshed = await this.refresh().catch(() => null);
        if (refreshed) return requestJson<T>(path, { ...init, token: refreshed.access_token });
      }
      throw error;
    }
  }

  /**
   * Trades the refresh cookie for a new session. Retries with exponential backoff (from
   * 200 ms) only on 502/503/504 or a network failure; any other refusal signs out locally.
   * One refresh at a time in this tab, and across tabs through a Web Lock where available,
   * because each refresh token is single-use.
   */
  refresh({ silent = false, firstAttempt }: { silent?: boolean; firstAttempt?: Promise<Response | null> | undefined } = {}): Promise<Session | null> {
    const send = async (attempt: number): Promise<Session> => {
      if (attempt === 0 && firstAttempt) {
        const response = await firstAttempt;
        if (!response) throw networkError();
        return readJson<Session>(response);
      }
      return requestJson<Session>(`${AUTH}/token?grant_type=refresh_token`, { method: 'POST' });
    };
    const signOuts = this.signOuts;
    this.refreshing ??= this.withCrossTabLock(async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          const session = await send(attempt);
          if (this.signOuts !== signOuts) return null;
          if (!silent) this.emit('TOKEN_REFRESHED', session);
          else this.session = session;
          return session;
        } catch (error) {
          if (isRetryable(error) && attempt + 1 < REFRESH_RETRY_MAX_ATTEMPTS) {
            await sleep(REFRESH_RETRY_BASE_MS * 2 ** attempt);
            continue;
          }
          if (!isRetryable(error) && this.session) this.emit('SIGNED_OUT', null);
          if (silent) return null;
          throw error;
        }
      }
    }).finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private withCrossTabLock<T>(work: () => Promise<T>): Promise<T> {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    return locks ? (locks.request('starforge-auth-refresh', work) as Promise<T>) : work();
  }

  private startAutoRefresh(): void {
    if (this.ticker || typeof window === 'undefined') return;
    this.ticker = setInterval(() => {
      if (this.session && this.expiresSoon(this.session) && document.visibilityState !== 'hidden') void this.refresh().catch(() => null);
    }, AUTO_REFRESH_TICK_MS);
  }

  private expiresSoon(session: Session): boolean {
    return session.expires_at * 1000 - Date.now() < REFRESH_MARGIN_MS;
  }

  private emit(event: AuthEvent, session: Session | null): void {
    this.session = session;
    hostStore.set(sessionAtom, session ? { status: 'signed_in', session } : { status: 'signed_out' });
    for (const listener of this.listeners) {
      try {
        listener(event, session);
      } catch (error) {
        console.error('auth listener failed', error);
      }
    }
  }
}

/** The page's one auth client (this package is a federation singleton). */
export const authClient = new AuthClient();

/**
 * A JSON request to one of our services as the signed-in user: the access token attached
 * (refreshed first when about to expire), retried once after a refresh if it was refused.
 */
export const authedRequest = <T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> => authClient.authed<T>(path, init);

/** Signs the user out everywhere (the top bar's Sign Out). */
export const signOut = (): Promise<void> => authClient.signOut('global');
