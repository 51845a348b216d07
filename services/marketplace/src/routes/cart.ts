import {
  addToCartSchema,
  cartLineAnswerSchema,
  cartNftParamSchema,
  cartQuantityAnswerSchema,
  cartQuantitySchema,
  cartRemovedSchema,
  cartSchema,
} from '@starforge/contracts/marketplace';
import { createRouter, errorResponse, idempotentRoute, idempotentTransaction, jsonResponse, protectedRoute } from '@starforge/service-kit';
import { addToCart, readCart, removeFromCart, setCartQuantity } from '../domain/cart';
import type { MarketplaceDeps } from '../deps';

const notInCartDoc = errorResponse('not_in_cart: This NFT is not in your cart (only the caller’s own lines are ever seen)');
const badIdDoc = errorResponse('The id is not an NFT id (a UUID)');

/** The caller's cart: read it, add a listed NFT, set a line's quantity, remove a line. Only the caller's own lines. */
export const cartRoutes = (deps: MarketplaceDeps) => {
  const readRoute = protectedRoute(deps.requireUser, {
    method: 'get',
    path: '/cart',
    tags: ['cart'],
    summary: "The caller's cart lines (the price kept from when each was added, and whether it is still listed at it) and their total",
    responses: { 200: jsonResponse('The cart', cartSchema) },
  });
  const addRoute = idempotentRoute(deps, {
    method: 'post',
    path: '/cart',
    tags: ['cart'],
    summary: 'Add a listed NFT to the cart at its listed price (already there: the same line); not one the caller sells',
    request: { body: { required: true, content: { 'application/json': { schema: addToCartSchema } } } },
    responses: {
      201: jsonResponse('The line', cartLineAnswerSchema),
      400: errorResponse('own_nft: You cannot buy your own NFT; or the id is not an NFT id'),
      404: errorResponse('nft_not_found'),
      409: errorResponse('not_listed: This NFT is not for sale; or idempotency_key_in_use'),
    },
  });
  const quantityRoute = idempotentRoute(deps, {
    method: 'patch',
    path: '/cart/{nftId}',
    tags: ['cart'],
    summary: 'Set a line’s quantity: 0 or less removes it; above 1 is refused (an NFT is unique)',
    request: { params: cartNftParamSchema, body: { required: true, content: { 'application/json': { schema: cartQuantitySchema } } } },
    responses: {
      200: jsonResponse('The line, or null when removed', cartQuantityAnswerSchema),
      400: errorResponse('Each NFT is unique: you can buy only one; or the id is not an NFT id'),
      404: notInCartDoc,
    },
  });
  const removeRoute = idempotentRoute(deps, {
    method: 'delete',
    path: '/cart/{nftId}',
    tags: ['cart'],
    summary: 'Remove the NFT from the cart',
    request: { params: cartNftParamSchema },
    responses: { 200: jsonResponse('Removed', cartRemovedSchema), 400: badIdDoc, 404: notInCartDoc },
  });

  return createRouter()
    .openapi(readRoute, async (c) => c.json(await readCart(deps.sql, c.var.user.id), 200))
    .openapi(addRoute, (c) => {
      const { nft_id } = c.req.valid('json');
      return idempotentTransaction(c, async (tx) => ({ item: await addToCart(tx, c.var.user.id, nft_id) }), 201);
    })
    .openapi(quantityRoute, (c) => {
      const { nftId } = c.req.valid('param');
      const { quantity } = c.req.valid('json');
      return idempotentTransaction(c, (tx) => setCartQuantity(tx, c.var.user.id, nftId, quantity), 200);
    })
    .openapi(removeRoute, (c) => {
      const { nftId } = c.req.valid('param');
      return idempotentTransaction(c, (tx) => removeFromCart(tx, c.var.user.id, nftId), 200);
    });
};
