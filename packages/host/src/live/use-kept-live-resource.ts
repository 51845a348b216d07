import { useState } from 'react';
import { type LiveReadSpec, useLiveResource } from './use-live-resource';

/**
 * useLiveResource for a list whose key moves (a search, a page): while the new key loads, the
 * last answer shown stays, marked `stale`, instead of blanking the list.
 * `failed` is a failure with nothing read for this key.
 */
export const useKeptLiveResource = <T>(spec: LiveReadSpec<T>) => {
  const { status, data, refetch } = useLiveResource(spec);
  const [kept, setKept] = useState(data);
  if (data !== undefined && data !== kept) setKept(data);
  const answer = data ?? kept;
  return {
    answer,
    /** The answer on screen is for another key than the one asked (it is loading). */
    stale: data === undefined && answer !== undefined,
    loading: status === 'loading' && answer === undefined,
    failed: status === 'error' && data === undefined,
    refetch,
  };
};
