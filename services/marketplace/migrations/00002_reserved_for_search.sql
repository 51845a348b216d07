-- Placeholder: version 2 is the search migration (marketplace_nfts, built on branch
-- market-search). Migrations are numbered without gaps, so this branch holds the number until
-- that one is merged; the merge replaces this file with it. It changes nothing.
select 1;
