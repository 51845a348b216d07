import type { FunctionGas } from '@starforge/contracts/rewards';

/**
 * `gas_optimization` per contract function (issue 27 §5): the suite's gas report with the
 * optimizer off, each function given the same figures from the run compiled with the optimizer
 * on (200 runs), matched by contract and signature. A function only one of the two runs called
 * (a test that passed in one and not the other) keeps its own figures and has no `optimized`.
 */
export const withOptimizedFunctionGas = (off: readonly FunctionGas[], on: readonly FunctionGas[]): FunctionGas[] => {
  const key = (g: FunctionGas) => `${g.contract}.${g.function}`;
  const onByKey = new Map(on.map((g) => [key(g), g]));
  return off.map((g) => {
    const optimized = onByKey.get(key(g));
    if (!optimized) return g;
    const { calls, min, mean, median, max } = optimized;
    return { ...g, optimized: { calls, min, mean, median, max } };
  });
};
