// `licensing-sdk/validate` for Node `import`: the CommonJS entry's exports (the
// built ./validate.cjs beside it in pkg/), so a process that imports it both
// ways gets one instance.
// The build spells the names (those of js/src/validation.js): webpack takes no named
// export from CommonJS in a .mjs (scripts/build-js.mjs, `spelledReexports`).
export * from './validate.cjs';
