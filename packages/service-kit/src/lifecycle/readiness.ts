/**
 * Whether this process takes new requests: a copy is ready from the moment it listens (it
 * listens only after its migrations and job workers are up, see runService) until it starts
 * draining on SIGTERM. `/ready` answers from this, `/health` from the database; a load balancer
 * (the gateway) sends new requests only to ready copies, while `/health` still tells an operator
 * that a draining copy is alive. One process is one copy, so the state is the process's own.
 */
let draining = false;

export const readiness = {
  isDraining: (): boolean => draining,
  /** Ready no more: `/ready` answers 503, and each answer closes its connection after it. */
  startDraining: (): void => {
    draining = true;
  },
};
