
-- function publish_public: services/events/published/publish_public.sql

-- function publish: services/events/published/publish.sql
