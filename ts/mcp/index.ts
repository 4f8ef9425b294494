/** The MCP endpoint: its tools, the SDK server that offers them and the Koa route that serves it. */
export { TOOLS } from './tools.js';
export { createMcpServer, mcpRoute, type CountCall, type McpServerOptions, type McpRouteOptions } from './server.js';
export { SVG_MIME_TYPE, type Tool, type ToolContext, type ToolOutput } from './tool.js';
