// licensing-sdk/testing for Node ESM: the CommonJS entry's exports.
import testing from './testing.cjs';

export const { invalidExamples, createSimulator } = testing;
