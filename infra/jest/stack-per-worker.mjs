// The integration tests' environment: Node's, on the servers of this Jest worker. `npm test` runs
// two workers, each on a stack of its own (profiles test and test2, infra/scripts/test.mjs): the
// tests start and stop services, workers and whole servers, and read what is on the bus and in
// the databases, so two files at once must not share them.
import NodeEnvironment from 'jest-environment-node';

export default class StackPerWorkerEnvironment extends NodeEnvironment {
  constructor(config, context) {
    // Before Node's environment copies process.env for the tests; processes they start inherit it too.
    const stacks = process.env.INTEGRATION_STACKS ? JSON.parse(process.env.INTEGRATION_STACKS) : [];
    const stack = stacks[(Number(process.env.JEST_WORKER_ID) || 1) - 1];
    if (stack) Object.assign(process.env, stack);
    super(config, context);
  }
}
