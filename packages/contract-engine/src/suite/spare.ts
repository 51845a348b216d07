import { type ChildHandle, spawnChild } from './spawn';

/**
 * An idle spare is ended after this long without a run: it holds about 60 MB resident, which a
 * quiet engine should not keep; the first run after a quiet minute starts its own child again.
 */
const SPARE_IDLE_MS = 60_000;

let spare: { handle: ChildHandle; memoryMb: number; idleTimer: NodeJS.Timeout } | null = null;

const keepSpare = (memoryMb: number) => {
  if (spare) return;
  const handle = spawnChild(memoryMb);
  const idleTimer = setTimeout(() => {
    if (spare?.handle === handle) spare = null;
    handle.finish();
  }, SPARE_IDLE_MS).unref();
  spare = { handle, memoryMb, idleTimer };
  // A spare that dies while idle (it should not) is simply replaced at the next run.
  void handle.ended.then(() => {
    if (spare?.handle === handle) {
      clearTimeout(idleTimer);
      spare = null;
    }
  });
};

/**
 * The child for one run: the warm spare (spawned, limited and with EDR loaded, waiting) when it
 * has the same memory cap, else a fresh one; either way another spare starts for the next run
 * once this one's child is done.
 * Each child still serves exactly one run and is killed after it (ChildHandle.finish): the spare
 * saves only the wait for Node and EDR to load, nothing of one run reaches another. A spare
 * holds nothing open (spawn.ts unrefs it while idle), and it exits when its parent goes: its IPC
 * channel closes (child.mjs), which also happens when the pool terminates the worker thread
 * that spawned it.
 */
export const takeChild = (memoryMb: number): ChildHandle => {
  let taken: ChildHandle | null = null;
  if (spare) {
    clearTimeout(spare.idleTimer);
    if (spare.memoryMb === memoryMb && spare.handle.idle()) taken = spare.handle;
    else spare.handle.finish();
    spare = null;
  }
  const handle = taken ?? spawnChild(memoryMb);
  // Once this run's child is done (its last message, or its end at a limit): the spare's start
  // (Node and EDR loading, ~50 ms of CPU) then takes nothing from the run on two cores. Spawned
  // from finish() itself, not from the exit event: a worker thread that goes straight on to
  // compile the next run (synchronous solc) would see that event only after the compile.
  const next = () => keepSpare(memoryMb);
  void handle.ended.then(next);
  return {
    ...handle,
    finish: () => {
      handle.finish();
      next();
    },
  };
};

/** Ends the idle spare, if any (a pool's worker closing; tests). */
export const dropSpare = () => {
  if (!spare) return;
  clearTimeout(spare.idleTimer);
  spare.handle.finish();
  spare = null;
};

/** The idle spare's process id, if one waits (tests, stats). */
export const sparePid = (): number | null => spare?.handle.child.pid ?? null;
