/**
 * A read whose failure is logged once per request (spec section 8: failed stat and balance
 * reads are only logged, and the screen shows its defaults), then passed on to the caller.
 */
export const loggedRead =
  <T>(what: string, read: () => Promise<T>) =>
  (): Promise<T> =>
    read().catch((error: unknown) => {
      console.error(`${what} could not be read`, error);
      throw error;
    });
