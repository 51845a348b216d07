
-- view public_profiles: services/auth/published/public_profiles.sql
