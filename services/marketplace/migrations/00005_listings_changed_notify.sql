
-- function nft_sales_changed: services/marketplace/published/nft_sales_changed.sql

-- trigger nft_sales_inserted_notify: services/marketplace/published/nft_sales_changed.sql

-- trigger nft_sales_updated_notify: services/marketplace/published/nft_sales_changed.sql

-- trigger nft_sales_deleted_notify: services/marketplace/published/nft_sales_changed.sql

-- trigger nft_sales_truncated_notify: services/marketplace/published/nft_sales_changed.sql
