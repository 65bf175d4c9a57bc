/**
 * @module tools/get-pil-content
 * `get-pil-content`: Package leaflet (PIL) of a product (the MCP contract's tool 7).
 */
import { documentTool } from './document-tool.js';

export const getPilContentTool = documentTool({
  kind: 'pil', name: 'get-pil-content', title: 'Package leaflet (PIL)', what: 'The package leaflet (příbalová informace)',
});
