import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failureMessage } from '../failure-message';
import { requestJson } from '../http';
import { jsonResponse as json, useScriptedFetch } from '../testing/scripted-fetch';
import { toast } from '../toast';
import { createAction } from './create-action';
import { type FormActionSpec, runFormAction } from './form-action';

type Check = { ok: true; points: number } | { ok: false; message: string };
interface Converted {
  cents: number;
}

/** The toasts shown since the test began, as the page's toaster receives them. */
const toastsSince = (start: number) =>
  toast
    .getHistory()
    .slice(start)
    .map((t) => ('type' in t ? `${t.type}: ${String(t.title)}` : 'dismissed'));

describe('runFormAction', () => {
  const fetchMock = useScriptedFetch();
  let start = 0;
  let logged: unknown[][] = [];
  beforeEach(() => {
    start = toast.getHistory().length;
    logged = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args));
  });
  afterEach(() => vi.restoreAllMocks());

  /** The conversion form as a remote writes it: checked here, sent through a real action with a key. */
  const convertForm = (text: () => string) => {
    const steps: string[] = [];
    const action = createAction(({ idempotencyKey }, points: number) =>
      requestJson<Converted>('/api/rewards/convert', { method: 'POST', json: { points }, idempotencyKey }),
    );
    const spec: FormActionSpec<[], Check, Converted> = {
      name: 'conversion',
      check: () => (Number(text()) >= 1000 ? { ok: true, points: Number(text()) } : { ok: false, message: 'Minimum conversion is 1000 points' }),
      run: (input) => action.run(input.points),
      success: (result, input) => `Converted ${input.points} points to ${result.cents} cents`,
      onSuccess: () => steps.push(`refetch after ${toastsSince(start).length} toast(s)`),
      failure: (error) => failureMessage(error, { fallback: 'Failed to convert points' }),
    };
    const shown: (string | null)[] = [];
    const submit = () => runFormAction(spec, [], (message) => shown.push(message));
    return { submit, shown, steps, action };
  };

  it('a refused check shows and toasts its message and sends nothing', async () => {
    const form = convertForm(() => '999');
    await form.submit();
    expect(form.shown).toEqual(['Minimum conversion is 1000 points']);
    expect(toastsSince(start)).toEqual(['error: Minimum conversion is 1000 points']);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a good check clears the message, runs with an Idempotency-Key, toasts the answer, then refetches', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { cents: 100 }));
    const form = convertForm(() => '1000');
    await form.submit();
    expect(form.shown).toEqual([null]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(toastsSince(start)).toEqual(['success: Converted 1000 points to 100 cents']);
    expect(form.steps).toEqual(['refetch after 1 toast(s)']);
  });

  it('a submit while the action runs is ignored: no second request, no toast', async () => {
    let answer: (r: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    const form = convertForm(() => '2000');
    const first = form.submit();
    await form.submit();
    expect(toastsSince(start)).toEqual([]);
    answer(json(200, { cents: 200 }));
    await first;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(toastsSince(start)).toEqual(['success: Converted 2000 points to 200 cents']);
    expect(form.steps).toHaveLength(1);
  });

  it("a failure is logged once, shown and toasted in the screen's words, and nothing is refetched", async () => {
    fetchMock.mockResolvedValueOnce(json(422, { error: { code: 'insufficient_points', message: 'Insufficient points balance' } }));
    const form = convertForm(() => '5000');
    await form.submit();
    expect(form.shown).toEqual([null, 'Insufficient points balance']);
    expect(toastsSince(start)).toEqual(['error: Insufficient points balance']);
    expect(logged.map(([line]) => line)).toEqual(['conversion failed']);
    expect(form.steps).toEqual([]);

    fetchMock.mockResolvedValueOnce(json(500, { error: { code: 'internal_error', message: 'Internal error' } }));
    await form.submit();
    expect(toastsSince(start).at(-1)).toBe('error: Failed to convert points');
  });

  it("passes a button's own argument to the check (a quick stake amount)", async () => {
    const checked: number[] = [];
    const spec: FormActionSpec<[number], { ok: true; amount: number } | { ok: false; message: string }, number> = {
      name: 'stake',
      check: (amount) => {
        checked.push(amount);
        return amount > 100 ? { ok: false, message: 'Insufficient FORGE tokens' } : { ok: true, amount };
      },
      run: async (input) => input.amount,
      success: (staked) => `Staked ${staked} FORGE`,
      failure: () => 'Failed to stake tokens',
    };
    await runFormAction(spec, [500], () => {});
    await runFormAction(spec, [100], () => {});
    expect(checked).toEqual([500, 100]);
    expect(toastsSince(start)).toEqual(['error: Insufficient FORGE tokens', 'success: Staked 100 FORGE']);
  });
});
