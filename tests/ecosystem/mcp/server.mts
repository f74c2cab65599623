// An MCP server whose tools take the package's schemas as they are: registerTool
// wants a StandardSchemaWithJSON (Standard Schema and Standard JSON Schema in one),
// and the handler's arguments are typed from it. Type-checked by mcp.test.mjs
// (tsc --strict, skipLibCheck false); mcp.test.mjs runs the same calls.
import { McpServer, type CallToolResult } from '@modelcontextprotocol/server';
import { schemas, createSchemas, type LockRequest } from 'licensing-sdk';

export function licensingServer(): McpServer {
  const server = new McpServer({ name: 'licensing', version: '0.1.0' });
  server.registerTool('lockAssets', { description: 'Disable the locks of asset numbers', inputSchema: schemas.lockAssets },
    async (args): Promise<CallToolResult> => {
      const request: LockRequest = args;
      const first: string | undefined = args.assetNums?.[0];
      return { content: [{ type: 'text', text: `${request.operatorIdentity} ${first}` }] };
    });
  server.registerTool('batchOrder', { inputSchema: createSchemas({ rules: 'spec' }).batchOrder },
    (args): CallToolResult => ({ content: [{ type: 'text', text: String(args.orderList?.length) }] }));
  return server;
}
