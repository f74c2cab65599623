// What outbox-crash-points.mjs needs in a browser realm (a page, a module
// worker): the built package's client, simulator and outbox, each case's
// outbox over its own IndexedDB database (deleted after the case).
import { LicensingClient } from '/pkg/index.js';
import { createSimulator } from '/pkg/testing.mjs';
import { indexedDbStorage, openOutbox } from '/pkg/outbox.mjs';
import { endpoints } from '/pkg/meta.mjs';

const deleted = (name) => new Promise((resolve) => {
  const request = indexedDB.deleteDatabase(name);
  request.onsuccess = request.onerror = request.onblocked = () => resolve();
});

export const paths = Object.fromEntries(Object.entries(endpoints).map(([name, e]) => [name, e.path]));

export const deps = {
  LicensingClient,
  createSimulator,
  openOutbox,
  async storageFor(name) {
    const opened = [];
    await deleted(`licensing-sdk-outbox:${name}`);
    return {
      async open() {
        const storage = await indexedDbStorage(name);
        opened.push(storage);
        return storage;
      },
      async dispose() {
        for (const storage of opened) storage.close();
        await deleted(`licensing-sdk-outbox:${name}`);
      },
    };
  },
};
