// `licensing-sdk` for Node `import`: the CommonJS entry's exports (the built
// ./node.cjs beside it in pkg/), so a process that imports the package both ways
// gets one instance and one `LicensingClient` class.
// The build spells the names (those of js/src/api.js): webpack takes no named
// export from CommonJS in a .mjs (scripts/build-js.mjs, `spelledReexports`).
export * from './node.cjs';
