// `licensing-sdk/json-schema` for Node and Bun `import`: the CommonJS entry's
// exports (./json-schema-node.cjs), so an ES module and a require() share one
// instance, as node.mjs does for the main entry.
import jsonSchemas from './json-schema-node.cjs';

export const { schemas, createSchemas } = jsonSchemas;
