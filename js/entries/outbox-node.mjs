// `licensing-sdk/outbox` for Node `import`: the CommonJS entry's exports (the
// built ./outbox.cjs beside it in pkg/).
import outbox from './outbox.cjs';

export const { openOutbox, fileStorage, indexedDbStorage, memoryStorage } = outbox;
