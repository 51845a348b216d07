
-- hit_rate_limit's settings: services/auth/published/hit_rate_limit.sql
