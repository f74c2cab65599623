// What an outbox keeps of a job (a record), and how a record read back from a
// storage is checked: whole, before anything uses it. A record that is not
// one this version reads (another version's, a mistyped field, a request or
// an answer that is not JSON) is skipped, counted and left alone: it never
// becomes a job, never holds a key and never stops the queue.
//
// A record is plain data (structured-clone and JSON safe); it never holds a
// token or a header. Its fields:
//
//   v            RECORD_VERSION
//   id           the job's id
//   endpoint     a write endpoint
//   key, keyId   its repeat key (a job's `key`), and what names it among the
//                outbox's writes (the store's unique index), when it has one
//   text         the request's JSON text, exactly as validated and sent
//   repeatable, timeoutMs   the write's options
//   state        queued | sending | settled | failed | unknown
//   createdAt, updatedAt    milliseconds since the epoch (shown; never waited on)
//   sends        calls that may have reached the service
//   rounds       calls (sends or reads) that ended without a verdict
//   reads        reconciling reads since a lost send that found nothing
//   before, beforeRefused   what the reconciling read held before the first
//                send (its records' ids only), or that it was refused
//   data         state settled: the answer's payload, as JSON text
//   error        state failed or unknown: the LicensingError's fields
//   lastError    a job waiting after a round without a verdict: why
//   sealed       with `encrypt`: text, data, error, lastError and before,
//                sealed (./seal.js), in place of those fields
//
// A pruned job whose write had a repeat key leaves a tombstone, `{ v, id,
// tomb: true, endpoint, key, keyId, digest, createdAt, updatedAt }`: its key
// and the digest of its request, so that a changed request under that key is
// still refused once the job is gone (the service would answer it with the
// first one's result).

import { STALES } from '../../generated/stales.js';

/** The write endpoints (those that make reads stale: every POST of the table). */
export const WRITES = Object.freeze(Object.keys(STALES));
/** A stored record's format. */
export const RECORD_VERSION = 1;
export const STATES = Object.freeze(['queued', 'sending', 'settled', 'failed', 'unknown']);
export const FINISHED = new Set(['settled', 'failed', 'unknown']);
/** The LicensingError fields a job keeps of its error. */
const ERROR_FIELDS = ['kind', 'message', 'code', 'cause', 'status', 'issues', 'activities', 'data', 'sent', 'check'];

const isCount = (value) => Number.isSafeInteger(value) && value >= 0;
const optional = (value, check) => value === undefined || check(value);
const isString = (value) => typeof value === 'string';
const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Whether `text` is JSON text, and (with `object`) of an object. */
function isJson(text, { object = false } = {}) {
  if (typeof text !== 'string') return false;
  try {
    const value = JSON.parse(text);
    return !object || isObject(value);
  } catch {
    return false;
  }
}

const isKeptError = (value) => isObject(value) && isString(value.kind) && isString(value.message) && typeof value.sent === 'boolean';

/**
 * Whether a record is a tombstone this version reads. Its fields are
 * checked as a job's are.
 */
export function isTomb(record) {
  return isObject(record) && record.tomb === true && record.v === RECORD_VERSION && isString(record.id)
    && WRITES.includes(record.endpoint) && isString(record.keyId) && isString(record.key) && isString(record.digest)
    && Number.isFinite(record.createdAt) && Number.isFinite(record.updatedAt);
}

/**
 * Whether a record (its sealed fields opened) is a job this version reads:
 * every field of the right type, its request and answer JSON, its state's
 * fields present. Anything else is skipped and left alone.
 */
export function isJob(record) {
  if (!isObject(record) || record.v !== RECORD_VERSION || record.tomb !== undefined) return false;
  const { state } = record;
  return isString(record.id) && record.id !== '' && WRITES.includes(record.endpoint) && STATES.includes(state)
    && isJson(record.text, { object: true })
    && optional(record.key, isString) && optional(record.keyId, isString) && (record.keyId === undefined || record.key !== undefined)
    && optional(record.repeatable, (v) => typeof v === 'boolean')
    && optional(record.timeoutMs, (v) => Number.isSafeInteger(v) && v > 0)
    && Number.isFinite(record.createdAt) && Number.isFinite(record.updatedAt)
    && isCount(record.sends) && optional(record.rounds, isCount) && optional(record.reads, isCount)
    && optional(record.before, (v) => isJson(v) && Array.isArray(JSON.parse(v)))
    && optional(record.beforeRefused, (v) => typeof v === 'boolean')
    && optional(record.data, isJson) && (record.data === undefined || state === 'settled')
    && optional(record.error, isKeptError) && ((state === 'failed' || state === 'unknown') === (record.error !== undefined))
    && optional(record.lastError, isKeptError);
}

/** A LicensingError from what a job kept of one. */
export function toError(kept) {
  const error = new Error(typeof kept?.message === 'string' ? kept.message : 'the job failed');
  error.name = 'LicensingError';
  for (const field of ERROR_FIELDS) if (field !== 'message' && kept?.[field] !== undefined) error[field] = kept[field];
  error.sent = kept?.sent === true;
  return error;
}

function structuredCloneOr(value) {
  try {
    return structuredClone(value);
  } catch {
    return String(value);
  }
}

/** What a job keeps of an error: its LicensingError fields, as plain data. */
export function keptError(error) {
  const kept = {};
  for (const field of ERROR_FIELDS) {
    let value;
    try {
      value = error?.[field];
    } catch {
      value = undefined;
    }
    if (value !== undefined) kept[field] = field === 'message' ? String(value) : structuredCloneOr(value);
  }
  if (typeof kept.kind !== 'string') kept.kind = 'network';
  if (typeof kept.message !== 'string') kept.message = String(error);
  kept.sent = error?.sent === true;
  return kept;
}

/** An Error named LicensingError of the outbox's own (`storage`, `validation`, `aborted`, ...). */
export function outboxError(kind, message, sent = false, cause = undefined) {
  const error = new Error(`licensing-sdk/outbox: ${message}`, cause === undefined ? undefined : { cause });
  error.name = 'LicensingError';
  error.kind = kind;
  error.sent = sent;
  return error;
}

/** A storage's failure as a `storage` LicensingError (as it is when it is one already). */
export function asStorageError(err, what) {
  return err?.kind === 'storage' ? err : outboxError('storage', `${what}: ${err?.message ?? err}`, false, err);
}

/** A fresh job id: 122 random bits. */
export function newId() {
  if (typeof globalThis.crypto?.randomUUID === 'function') return globalThis.crypto.randomUUID();
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}
