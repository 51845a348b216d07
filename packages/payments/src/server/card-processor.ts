import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { CARD_PROCESSOR_MODES, CARD_SETTLEMENT_DAYS, type CardProcessorInfo, type CardProcessorMode } from '../wire';

const DAY_MS = 86_400_000;

/** A charge the processor took: its reference (the payment's `transaction_id`) and when its money settles. */
export interface CardCharge {
  reference: string;
  settlesAt: Date;
}

/** Whether a charge's money has reached the platform: settled, or not yet (ask again at `checkAgainAt`). */
export type CardSettlement = { settled: true } | { settled: false; checkAgainAt: Date };

/**
 * The boundary every card payment crosses. A domain charges after its checks, inside its
 * transaction (so a refused order charges nothing), and keeps the proceeds it credits pending
 * until `settlement` says the charge settled: only then are they cash.
 *
 * What a real processor adds (a mode of its own): the card tokenised in the browser by the
 * processor's script, so the number never reaches a service (here only the brand and last 4 pass
 * the schema); `charge` captures the amount with that token and the request's Idempotency-Key
 * (a retried request is charged once) and answers the processor's charge id and its payout date;
 * `settlement` asks the processor (or reads its webhook's record) whether the charge is paid out,
 * and a refund or dispute before then keeps the proceeds from ever becoming cash.
 */
export interface CardProcessor {
  readonly mode: CardProcessorMode;
  /** Days a charge usually takes to settle (shown on the payment screens). */
  readonly settlementDays: number;
  charge(input: { amountCents: number; cardBrand: string; cardLast4: string; idempotencyKey: string | null }): Promise<CardCharge>;
  settlement(charge: CardCharge): Promise<CardSettlement>;
}

/**
 * The simulated processor: any card that passes the schema is charged at once (nothing leaves
 * the machine), and its money settles `settlementDays` after the charge. `now` is the clock
 * (tests move it).
 */
export const simulatedCardProcessor = ({ settlementDays = CARD_SETTLEMENT_DAYS, now = () => new Date() } = {}): CardProcessor => ({
  mode: 'simulated',
  settlementDays,
  charge: async () => ({ reference: `card_sim_${randomBytes(12).toString('hex')}`, settlesAt: new Date(now().getTime() + settlementDays * DAY_MS) }),
  settlement: async ({ settlesAt }) => (now() >= settlesAt ? { settled: true } : { settled: false, checkAgainAt: settlesAt }),
});

/**
 * `CARD_PROCESSOR` (which processor takes cards; default and only mode here: `simulated`) and
 * `CARD_SETTLEMENT_DAYS` (the simulated processor's days to settle, default 7). A service's
 * `config/env.ts` spreads these into its schema and builds its processor with `cardProcessorOf`.
 */
export const cardProcessorEnv = {
  CARD_PROCESSOR: z.enum(CARD_PROCESSOR_MODES, `CARD_PROCESSOR must be one of: ${CARD_PROCESSOR_MODES.join(', ')}`).default('simulated'),
  CARD_SETTLEMENT_DAYS: z.coerce
    .number('CARD_SETTLEMENT_DAYS must be a whole number of days')
    .int('CARD_SETTLEMENT_DAYS must be a whole number of days')
    .min(0)
    .max(60)
    .default(CARD_SETTLEMENT_DAYS),
};

export interface CardProcessorConfig {
  mode: CardProcessorMode;
  settlementDays: number;
}

/** The processor a service's configuration names. */
export const cardProcessorOf = (config: CardProcessorConfig): CardProcessor => {
  switch (config.mode) {
    case 'simulated':
      return simulatedCardProcessor({ settlementDays: config.settlementDays });
  }
};

/** What GET /card-processor answers: the screens say a simulated processor is one. */
export const cardProcessorInfo = (processor: CardProcessor): CardProcessorInfo => ({ mode: processor.mode, settlement_days: processor.settlementDays });
