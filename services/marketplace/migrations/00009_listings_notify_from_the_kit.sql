-- The search page cache's triggers come from the kit (its notify_when_rows_change, the SQL half of
-- every NotifiedCache), as the bounties' do: this schema's own copy of the trigger function goes,
-- with its triggers, which published/nft_sales_changed.sql puts back, calling the kit's, in this
-- same transaction.
drop function if exists nft_sales_changed() cascade;
