declare global {
  interface Window {
    /** Set by the paint-first loader (paint-first.ts): stops holding clicks and hands over those held. */
    __sfEarlyClicks?: () => HTMLElement[];
  }
}

/**
 * The buttons a visitor clicked on the prerendered page before the shell's script ran, and the
 * loader's holding stops. Empty on a page without the loader.
 */
export const takeEarlyClicks = (): HTMLElement[] => window.__sfEarlyClicks?.() ?? [];
