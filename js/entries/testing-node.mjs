// `licensing-sdk/testing` for Node `import`: the CommonJS entry's exports (the
// built ./testing.cjs beside it in pkg/).
import testing from './testing.cjs';

export const { invalidExamples, createSimulator, checkAnswer, createVirtualClock, stateFromHar, stateFromRecording, openSession } = testing;
