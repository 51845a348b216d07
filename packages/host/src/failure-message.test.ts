import { describe, expect, it } from 'vitest';
import { failureMessage, readFailure } from './failure-message';
import { ApiRequestError, networkError } from './http';

const refusal = new ApiRequestError(422, 'insufficient_balance', 'Minimum conversion is 1000 points');
const serverError = new ApiRequestError(500, 'internal_error', 'Internal error');
const notOurs = new ApiRequestError(404, 'http_error', 'Request failed (404)');

describe('readFailure', () => {
  it('reads status, code and message by shape, whichever copy of the host threw', () => {
    expect(readFailure(refusal)).toEqual({ status: 422, code: 'insufficient_balance', message: 'Minimum conversion is 1000 points' });
    expect(readFailure({ status: 409, code: 'wallet_already_linked', message: ' Linked elsewhere ' })).toEqual({
      status: 409,
      code: 'wallet_already_linked',
      message: 'Linked elsewhere',
    });
    expect(readFailure(new Error('User rejected the request.'))).toEqual({ status: undefined, code: undefined, message: 'User rejected the request.' });
    expect(readFailure('plain words')).toMatchObject({ message: 'plain words' });
    for (const nothing of [undefined, null, 42, {}]) expect(readFailure(nothing)).toEqual({ status: undefined, code: undefined, message: '' });
  });
});

describe('failureMessage', () => {
  const fallback = 'Failed to convert points';

  it("by default shows a 4xx refusal's own words and the fallback for anything else", () => {
    expect(failureMessage(refusal, { fallback })).toBe('Minimum conversion is 1000 points');
    expect(failureMessage(new ApiRequestError(429, 'daily_test_limit', 'Daily test limit reached'), { fallback })).toBe('Daily test limit reached');
    for (const other of [serverError, networkError(), notOurs, new ApiRequestError(400, 'validation_failed', '  '), new Error('boom'), undefined]) {
      expect(failureMessage(other, { fallback })).toBe(fallback);
    }
  });

  it("with show 'any' shows any message, a network failure's and a wallet's refusal included", () => {
    expect(failureMessage(networkError(), { fallback, show: 'any' })).toBe('Network error. Please check your connection and try again.');
    expect(failureMessage(serverError, { fallback, show: 'any' })).toBe('Internal error');
    expect(failureMessage(new Error('User rejected the request.'), { fallback, show: 'any' })).toBe('User rejected the request.');
    expect(failureMessage(new Error(''), { fallback, show: 'any' })).toBe(fallback);
  });

  it("with a test of the screen's own shows only what it accepts", () => {
    const show = (f: { status: number | undefined }) => f.status === 429;
    expect(failureMessage(new ApiRequestError(429, 'over_request_rate_limit', 'Too many attempts'), { fallback, show })).toBe('Too many attempts');
    expect(failureMessage(refusal, { fallback, show })).toBe(fallback);
  });

  it("gives the spec's words for the codes it names, whatever the service's wording, and only for those", () => {
    const codes = { invalid_credentials: 'Invalid email or password' };
    expect(failureMessage(new ApiRequestError(400, 'invalid_credentials', 'Wrong'), { fallback, codes })).toBe('Invalid email or password');
    expect(failureMessage(new ApiRequestError(400, 'validation_failed', 'Wrong'), { fallback, codes })).toBe('Wrong');
    // A code that happens to name a property every object has is not one of them.
    expect(failureMessage(new ApiRequestError(400, 'constructor', 'Odd'), { fallback, codes, show: () => false })).toBe(fallback);
  });

  it("puts the spec's prefix before the reason or the fallback ('Withdrawal failed: ')", () => {
    const prefix = 'Withdrawal failed: ';
    expect(failureMessage(refusal, { prefix, show: 'any', fallback: 'please try again' })).toBe('Withdrawal failed: Minimum conversion is 1000 points');
    expect(failureMessage(networkError(), { prefix, show: 'any', fallback: 'please try again' })).toBe(
      'Withdrawal failed: Network error. Please check your connection and try again.',
    );
    expect(failureMessage({}, { prefix: 'Test failed: ', show: 'any', fallback: 'unknown error' })).toBe('Test failed: unknown error');
  });
});
