import { z } from 'zod';

// zod 4 compiles object parsers with `new Function` unless told not to, and probes for it
// when the first object schema is built: under the product's CSP (no 'unsafe-eval') a browser
// reports every such probe as a violation, even though zod catches the error. Every schema in
// this package imports `z` from here, so the switch is set before any schema exists, in every
// bundle that uses them (package.json lists this file under sideEffects, or webpack would
// skip it as a mere re-export). Node keeps the faster compiled parsers.
if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };
