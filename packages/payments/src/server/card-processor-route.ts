import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '@starforge/service-kit/create-app';
import { jsonResponse } from '@starforge/service-kit/openapi-docs';
import { type CardProcessor, cardProcessorInfo } from './card-processor';
import { cardProcessorSchema } from '../wire';

/**
 * GET /card-processor (public), on every service that takes cards: the processor's mode and its
 * days to settle, so the payment screens (packages/host's `CardPaymentForm`) say when card
 * payments are simulated.
 */
export const cardProcessorRoute = (processor: CardProcessor) =>
  createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/card-processor',
      tags: ['payments'],
      summary: "The card processor's mode (simulated here: no card is charged) and the days a card payment takes to settle",
      responses: { 200: jsonResponse('The card processor', cardProcessorSchema) },
    }),
    (c) => c.json(cardProcessorInfo(processor), 200),
  );
