// The Model Context Protocol TypeScript SDK (@modelcontextprotocol/server and
// client 2.4.0) with the package's schemas as tool inputs: registerTool takes a
// Standard Schema that is also a Standard JSON Schema, advertises
// `~standard.jsonSchema.input({ target: 'draft-2020-12' })` in tools/list and
// checks each tools/call's arguments with `~standard.validate`. A server and a
// client over the SDK's in-memory transport: what the client lists is our schema,
// and a call with a bad asset number is refused with our message. mcp/server.mts
// is the same server as a TypeScript user writes it (tsc --strict, 5.9 and 7).
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { HERE, installedSdk, run } from './harness.mjs';

const MCP = path.join(HERE, 'mcp');
const TSC = {
  '5.9': path.join(HERE, 'node_modules/typescript/bin/tsc'),
  '7.0': path.join(HERE, 'node_modules/typescript7/bin/tsc'),
};

describe('type-checked (mcp/server.mts: registerTool with schemas.lockAssets)', () => {
  for (const [version, tsc] of Object.entries(TSC)) {
    test(`TypeScript ${version}: tsc --strict --noEmit, skipLibCheck false`, async () => {
      await run(process.execPath, [tsc, '-p', MCP, '--pretty', 'false'], { cwd: MCP, timeoutMs: 240_000 });
    });
  }
});

/** A server with our schemas as tool inputs and a client connected to it. */
async function connected(sdk) {
  const { McpServer, InMemoryTransport } = await import('@modelcontextprotocol/server');
  const { Client } = await import('@modelcontextprotocol/client');
  const server = new McpServer({ name: 'licensing', version: '0.1.0' });
  const calls = [];
  server.registerTool('lockAssets', { description: 'Disable the locks of asset numbers', inputSchema: sdk.schemas.lockAssets },
    async (args) => {
      calls.push(args);
      return { content: [{ type: 'text', text: `locked ${args.assetNums.join(',')}` }] };
    });
  server.registerTool('batchOrder', { description: 'Place a batch order (spec profile)', inputSchema: sdk.createSchemas({ rules: 'spec' }).batchOrder },
    async (args) => ({ content: [{ type: 'text', text: `${args.orderList.length} orders` }] }));
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'licensing-test', version: '0.1.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return { client, calls, close: async () => { await client.close(); await server.close(); } };
}

describe('run in Node (in-memory transport)', () => {
  test('tools/list advertises our JSON Schemas as the tools\' inputSchema', async () => {
    const sdk = await installedSdk();
    const { client, close } = await connected(sdk);
    try {
      const { tools } = await client.listTools();
      const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
      assert.deepEqual(Object.keys(byName).sort(), ['batchOrder', 'lockAssets']);
      assert.deepEqual(byName.lockAssets.inputSchema, sdk.schemas.lockAssets['~standard'].jsonSchema.input({ target: 'draft-2020-12' }));
      const batch = byName.batchOrder.inputSchema;
      assert.deepEqual(batch, sdk.createSchemas({ rules: 'spec' }).batchOrder['~standard'].jsonSchema.input({ target: 'draft-2020-12' }));
      // The schema as the package's files have it (less $comment, $id and x-licensing-*): $defs and all.
      assert.equal(batch.$defs.Order.type, 'object');
      assert.equal(byName.lockAssets.inputSchema.properties.assetNums.items.pattern, '^[86][0-9]{9}$');
      assert.ok(!JSON.stringify(tools).includes('x-licensing'), 'no x-licensing-* keyword reaches the client');
    } finally {
      await close();
    }
  });

  test('tools/call: arguments checked by validate; a bad asset number is refused with our message', async () => {
    const sdk = await installedSdk();
    const { client, calls, close } = await connected(sdk);
    try {
      const ok = await client.callTool({ name: 'lockAssets', arguments: { assetNums: ['8000000001'], operatorIdentity: 'ops' } });
      assert.equal(ok.isError, undefined);
      assert.deepEqual(ok.content, [{ type: 'text', text: 'locked 8000000001' }]);
      assert.deepEqual(calls, [{ assetNums: ['8000000001'], operatorIdentity: 'ops' }]);

      const refused = await client.callTool({ name: 'lockAssets', arguments: { assetNums: ['7000000001'], operatorIdentity: 'ops' } });
      assert.equal(refused.isError, true);
      assert.match(refused.content[0].text, /assetNums\.0: .*7000000001/);
      assert.equal(calls.length, 1, 'the handler is not called with invalid arguments');

      const batch = await client.callTool({ name: 'batchOrder', arguments: sdk.exampleBody('batchOrder') });
      assert.deepEqual(batch.content, [{ type: 'text', text: `${sdk.exampleBody('batchOrder').orderList.length} orders` }]);
    } finally {
      await close();
    }
  });
});
