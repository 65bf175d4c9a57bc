/**
 * @module tools/get-spc-content
 * `get-spc-content`: Summary of product characteristics (SPC) of a product (the MCP contract's tool 8).
 */
import { documentTool } from './document-tool.js';

export const getSpcContentTool = documentTool({
  kind: 'spc', name: 'get-spc-content', title: 'Summary of product characteristics (SPC)',
  what: 'The summary of product characteristics (souhrn údajů o přípravku)',
});
