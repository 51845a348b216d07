import { describe, expect, it, vi } from 'vitest';
import { serverEvents, toast } from '@starforge/host';
import { announceRewardsResults } from './announce-results';

describe('announceRewardsResults', () => {
  it('toasts the user’s own finished runs, never another domain’s engine run (a bounty’s proof)', () => {
    const handlers = new Map<string, (event: { data: unknown }) => void>();
    vi.spyOn(serverEvents, 'subscribe').mockImplementation(((type: string, handler: (event: { data: unknown }) => void) => {
      handlers.set(type, handler);
      return () => {};
    }) as never);
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 0);
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    announceRewardsResults();
    const finished = handlers.get('rewards.test_run_finished');
    const runId = '00000000-0000-4000-8000-000000000001';
    finished?.({ data: { runId, status: 'completed', points: 0, purpose: 'proof' } });
    finished?.({ data: { runId, status: 'failed', points: 0, purpose: 'recheck' } });
    expect(success).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    finished?.({ data: { runId, status: 'completed', points: 50 } });
    expect(success).toHaveBeenCalledWith('+50 points earned for test completion!');
  });
});
