// Node ESM entry: reads the wasm from disk synchronously (no fetch of file: URLs).
import { readFileSync } from 'node:fs';
import { webcrypto } from 'node:crypto';
import * as glue from './web/licensing_sdk.js';
import { api } from './api.cjs';

// Node 18 has Web Crypto only as node:crypto's webcrypto; the client's nonces need it global.
globalThis.crypto ??= webcrypto;

glue.initSync({ module: readFileSync(new URL('./web/licensing_sdk_bg.wasm', import.meta.url)) });

export const {
  validate, validateJson, isAssetNumber, assetNumberPartition, createSchemas, exampleBody, LicensingClient, schemas,
} = api(glue);
