import autocannon from 'autocannon';
import { watchForeignCpu } from './foreign-cpu';

/** One autocannon run, and the share of the CPU other processes took meanwhile. */
export const loadRun = async (options: autocannon.Options): Promise<autocannon.Result & { foreign: number | null }> => {
  const foreign = watchForeignCpu();
  const result = await autocannon(options);
  return Object.assign(result, { foreign: foreign() });
};
