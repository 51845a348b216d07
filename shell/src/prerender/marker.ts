/** Set on #root by the build when it holds a prerendered screen; its value is the path rendered. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
