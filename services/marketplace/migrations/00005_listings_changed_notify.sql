
-- triggers nft_sales_{inserted,updated,deleted,truncated}_notify: services/marketplace/published/nft_sales_changed.sql
-- (the kit's notify_when_rows_change since 00009)
