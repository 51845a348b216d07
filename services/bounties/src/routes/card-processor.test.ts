import { describe, expect, it } from 'vitest';
import { call } from '@starforge/test-db/harness';
import { bountiesTestContext } from '../testing/harness';
import { CARD_SETTLEMENT_DAYS, cardProcessorSchema } from '@starforge/payments/wire';

const ctx = bountiesTestContext();

describe('GET /card-processor (the Pro plan’s card payments)', () => {
  it('names the simulated processor, publicly, so /pricing says card payments are simulated', async () => {
    const answer = await call(ctx.app, 'GET', '/card-processor');
    expect(answer.status).toBe(200);
    expect(cardProcessorSchema.parse(answer.body)).toEqual({ mode: 'simulated', settlement_days: CARD_SETTLEMENT_DAYS });
  });
});
