// Module hooks for the prerender's Node process: a stylesheet import is a module with nothing in
// it (the built .css files carry the styles; Node cannot load CSS).
export async function load(url, context, nextLoad) {
  if (new URL(url).pathname.endsWith('.css')) return { format: 'module', source: 'export default {};', shortCircuit: true };
  return nextLoad(url, context);
}
