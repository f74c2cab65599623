// Stored bodies sealed (`openOutbox({ encrypt })`): a record's request, its
// answer, its errors and what a reconciling read held (the personal data: a
// purchaser's mobile number, a participant's e-mail) are kept as one AES-GCM
// ciphertext; what the outbox orders and looks jobs up by stays plain (ids,
// the endpoint, the repeat key, the state, times and counts). Web Crypto in
// pages, workers and Node alike.
//
// `encrypt: true` keeps a non-extractable key the outbox makes itself in the
// storage (`storage.loadKey()` / `saveKey(key)` / `dropKey()`: IndexedDB and
// memory have them): `clear()` drops it and makes a new one, so whatever a
// browser still holds on disk of the old records (IndexedDB's log keeps
// deleted values until it compacts) can no longer be read. `encrypt:
// CryptoKey` (AES-GCM, usages encrypt and decrypt) is a key the portal holds
// (the only way for a file: it cannot keep a non-extractable key).
import { outboxError } from './records.js';

/** The fields a sealed record keeps in its ciphertext. */
const SEALED = ['text', 'data', 'error', 'lastError', 'before'];

const toBase64 = (bytes) => {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
};
const fromBase64 = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

function subtle() {
  const crypto = globalThis.crypto?.subtle;
  if (crypto === undefined) throw outboxError('storage', 'encrypt needs Web Crypto (crypto.subtle), which this environment lacks (a page not served over HTTPS or localhost?)');
  return crypto;
}

function checkKey(key) {
  const usable = typeof CryptoKey === 'function' && key instanceof CryptoKey && key.algorithm?.name === 'AES-GCM'
    && key.usages.includes('encrypt') && key.usages.includes('decrypt');
  if (!usable) throw new TypeError('openOutbox: encrypt must be true or an AES-GCM CryptoKey with the usages encrypt and decrypt');
}

const newKey = () => subtle().generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);

/** No sealing: records are stored as they are. */
const PLAIN = Object.freeze({
  sealed: false,
  seal: async (record) => record,
  open: async (record) => record,
  shred: async () => {},
});

/**
 * The sealer of `encrypt` over `storage`: `seal(record)` gives what is
 * stored, `open(stored)` the record (or `undefined` when it cannot be opened:
 * another key's, or tampered with; it is then skipped), `shred()` makes what
 * was sealed so far unreadable where the outbox keeps the key.
 */
export async function makeSealer(encrypt, storage) {
  if (encrypt === undefined || encrypt === false) return PLAIN;
  let key;
  let own = false;
  if (encrypt === true) {
    if (typeof storage.loadKey !== 'function' || typeof storage.saveKey !== 'function') {
      throw new TypeError(`openOutbox: a ${storage.kind ?? 'custom'} storage cannot keep a key the outbox makes: give encrypt a CryptoKey the portal holds`);
    }
    own = true;
    key = await storage.loadKey();
    if (key === undefined) {
      key = await newKey();
      await storage.saveKey(key);
    }
  } else {
    checkKey(encrypt);
    key = encrypt;
  }
  return {
    sealed: true,
    async seal(record) {
      const secret = {};
      const out = {};
      for (const [field, value] of Object.entries(record)) {
        if (SEALED.includes(field)) secret[field] = value;
        else out[field] = value;
      }
      const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
      const plain = new TextEncoder().encode(JSON.stringify(secret));
      const cipher = new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv }, key, plain));
      out.sealed = `${toBase64(iv)}.${toBase64(cipher)}`;
      return out;
    },
    async open(stored) {
      // A tombstone holds nothing personal and is stored as it is; a record an
      // outbox without `encrypt` stored is read as it is (and sealed when next stored).
      if (stored === null || typeof stored !== 'object' || stored.sealed === undefined) return stored;
      try {
        const [iv, cipher] = stored.sealed.split('.').map(fromBase64);
        const plain = await subtle().decrypt({ name: 'AES-GCM', iv }, key, cipher);
        const secret = JSON.parse(new TextDecoder().decode(plain));
        const { sealed: _sealed, ...rest } = stored;
        return { ...rest, ...secret };
      } catch {
        return undefined;
      }
    },
    async shred() {
      if (!own) return;
      await storage.dropKey?.();
      key = await newKey();
      await storage.saveKey(key);
    },
  };
}
