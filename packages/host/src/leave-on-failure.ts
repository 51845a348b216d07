import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from './toast';

/**
 * A screen whose one subject cannot be read for this user (no such NFT or bounty, not theirs to
 * see, no id at all) says `message` once and goes to `to` in its place in the history:
 * `useLeaveOnFailure(failed, nftMessages.loadNftFailed, '/nfts')`.
 */
export const useLeaveOnFailure = (failed: boolean, message: string, to: string) => {
  const navigate = useNavigate();
  const left = useRef(false);
  useEffect(() => {
    if (!failed || left.current) return;
    left.current = true;
    toast.error(message);
    navigate(to, { replace: true });
  }, [failed, message, to, navigate]);
};
