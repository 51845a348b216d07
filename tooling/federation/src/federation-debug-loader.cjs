// The federation SDK decides whether to log its debug output by reading localStorage, once per
// runtime in the page (the shell's main.js and every remote entry). A page's first localStorage
// read is a synchronous call to the browser process, made while main.js runs; on a busy phone it
// holds the main thread until the browser answers. The switch is read from the build instead
// (FEDERATION_DEBUG=1 when building, see webpack-config.ts).
const READS_STORAGE = 'if (isBrowserEnv() && window.localStorage) return Boolean(localStorage.getItem(BROWSER_LOG_KEY));';

/** Webpack loader for @module-federation/sdk's dist/env.js. */
module.exports = function federationDebugLoader(source) {
  if (!source.includes(READS_STORAGE)) {
    throw new Error('@module-federation/sdk no longer reads its debug switch as federation-debug-loader.cjs expects: update the loader');
  }
  return source.replace(READS_STORAGE, 'return false;');
};
