import { config } from 'zod';
import { namedIssueMessage } from './issue-messages';

// zod 4 compiles object parsers with \`new Function\` unless told not to, and probes for it when
// an object schema is built: under the product's CSP (no 'unsafe-eval') a browser reports every
// such probe as a violation, even though zod catches the error. Every schema module of this
// package imports this file before it imports \`z\` from zod, so the switch is set before any
// schema exists, in every bundle that uses them (package.json lists this file under
// sideEffects, or webpack would drop an import that binds nothing). It only sets switches:
// a side-effectful module that re-exported \`z\` kept the whole of zod in every bundle
// (65 KB gzip in mfe-auth), where importing \`z\` from zod directly lets webpack keep only what
// the schemas use. Node keeps the faster compiled parsers.
if (typeof window !== 'undefined') config({ jitless: true });
// A refusal whose schema gave no words names its field and rule (issue-messages.ts), on the
// server and in the forms alike; the schemas' own messages (the spec's) are kept.
config({ customError: namedIssueMessage });
