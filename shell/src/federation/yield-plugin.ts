import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { nextTask } from '../boot/next-task';

/**
 * A remote's first load ran as one task: its entry script's evaluation, its container's start
 * (the shared packages' negotiation) and its exposed module's evaluation (a screen's whole module
 * graph) all followed the entry's load event without a break. Each now starts in a task of its
 * own, so no phone's main thread is held by the three at once.
 */
export default function yieldPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'starforge-yield',
    async beforeInitRemote() {
      await nextTask();
    },
    async beforeExecuteFactory() {
      await nextTask();
    },
  };
}
