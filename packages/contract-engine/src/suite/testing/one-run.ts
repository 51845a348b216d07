// Run by spare.test.ts as a process of its own: one suite, then nothing left to do. It prints the
// pid of the spare left waiting; the process must still exit on its own, and the spare with it.
import { runSuite } from '../run';
import { sparePid } from '../spare';
import { compileFixture } from './fixture';
import { QUICK_TEST } from './limits';

const outcome = await runSuite(compileFixture({ 'test/Quick.t.sol': QUICK_TEST }), { limits: { timeMs: 60_000, memoryMb: 1_024, gasPerCall: 1_000_000 } });
while (sparePid() === null) await new Promise((resolve) => setTimeout(resolve, 10));
process.stdout.write(`${JSON.stringify({ passed: outcome.suite.tests_passed, spare: sparePid() })}\n`);
