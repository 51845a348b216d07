import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { sessionAtom } from '@starforge/host';
import { testSession } from '@starforge/host/testing/test-session';
import { onceSignedIn } from './preload-widgets';

describe('onceSignedIn', () => {
  it('waits through loading and signed out, then calls once, however the session changes after', () => {
    const store = createStore();
    const then = vi.fn();
    onceSignedIn(store, then);
    store.set(sessionAtom, { status: 'signed_out' });
    expect(then).not.toHaveBeenCalled();

    store.set(sessionAtom, { status: 'signed_in', session: testSession() });
    expect(then).toHaveBeenCalledTimes(1);
    store.set(sessionAtom, { status: 'signed_out' });
    store.set(sessionAtom, { status: 'signed_in', session: testSession({ userId: 'another' }) });
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('calls at once when the session is already signed in', () => {
    const store = createStore();
    store.set(sessionAtom, { status: 'signed_in', session: testSession() });
    const then = vi.fn();
    onceSignedIn(store, then);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('calls nothing once unsubscribed', () => {
    const store = createStore();
    const then = vi.fn();
    onceSignedIn(store, then)();
    store.set(sessionAtom, { status: 'signed_in', session: testSession() });
    expect(then).not.toHaveBeenCalled();
  });
});
