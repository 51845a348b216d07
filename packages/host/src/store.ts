import { createStore } from 'jotai';

/**
 * The one jotai store of the page. The shell mounts it in a `<Provider store={hostStore}>`;
 * because this package is a federation singleton, every remote reads the same store.
 */
export const hostStore = createStore();
