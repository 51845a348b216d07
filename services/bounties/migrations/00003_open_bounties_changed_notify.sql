
-- triggers bug_bounties_{inserted,updated,deleted,truncated}_notify: services/bounties/published/bug_bounties_changed.sql
-- (the kit's notify_when_rows_change since 00009)

-- function projects_renamed: services/bounties/published/projects_renamed.sql

-- trigger projects_renamed_notify: services/bounties/published/projects_renamed.sql
