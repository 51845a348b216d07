import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { bountiesMessages } from '@starforge/contracts/bounties-constants';
import { toast } from '@starforge/host';

/**
 * A bounty screen whose bounty cannot be loaded for this user (no such bounty, not its claimer or
 * creator, no id at all) says 'Failed to load bounty details' once and goes to /bounties.
 */
export const useLeaveOnLoadFailure = (failed: boolean) => {
  const navigate = useNavigate();
  const left = useRef(false);
  useEffect(() => {
    if (!failed || left.current) return;
    left.current = true;
    toast.error(bountiesMessages.loadBountyFailed);
    navigate('/bounties', { replace: true });
  }, [failed, navigate]);
};
