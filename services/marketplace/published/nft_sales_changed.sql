-- Every copy of the service keeps search pages in memory (src/domain/search.ts) until this channel
-- says listed rows changed (services/marketplace/README.md, "Search"): a listing made, sold,
-- cancelled, re-priced, or its search text rewritten. The kit's triggers
-- (service-kit/src/notified-cache/migrations) notify once a statement, on commit: a checkout of ten
-- NFTs, a bulk insert or a search-text refresh notifies once.
-- needs notifiedCacheMigrations from '@starforge/service-kit/notified-cache/migrations' up to 00001
select notify_when_rows_change(
  'nft_sales', 'marketplace_listings_changed', 'status', 'listed',
  array['status', 'price_cents', 'search_text', 'created_at', 'nft_id', 'seller_id']
);
