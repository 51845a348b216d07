
-- function bug_bounties_changed: services/bounties/published/bug_bounties_changed.sql

-- trigger bug_bounties_inserted_notify: services/bounties/published/bug_bounties_changed.sql

-- trigger bug_bounties_updated_notify: services/bounties/published/bug_bounties_changed.sql

-- trigger bug_bounties_deleted_notify: services/bounties/published/bug_bounties_changed.sql

-- trigger bug_bounties_truncated_notify: services/bounties/published/bug_bounties_changed.sql

-- function projects_renamed: services/bounties/published/projects_renamed.sql

-- trigger projects_renamed_notify: services/bounties/published/projects_renamed.sql
