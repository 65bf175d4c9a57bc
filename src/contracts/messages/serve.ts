/**
 * @module contracts/messages/serve
 * What `quarry serve` says to a person at a terminal, beside its JSON logs:
 * where to open the page, and how to give it the token when one is required.
 */
import type { Catalogue } from './catalogue.js';

export const serveMessages = {
  'serve.ready': {
    en: 'Quarry is serving {root}: open {url} in a browser (MCP: {url}mcp).',
    cs: 'Quarry obsluhuje {root}: otevřete {url} v prohlížeči (MCP: {url}mcp).',
    ja: 'Quarry が {root} を提供しています: ブラウザーで {url} を開いてください（MCP: {url}mcp）。',
  },
  'serve.ready_token': {
    en: 'Quarry is serving {root}: open {url}#token=YOUR_TOKEN in a browser, or type the token when the page asks (MCP: {url}mcp, header Authorization: Bearer YOUR_TOKEN).',
    cs: 'Quarry obsluhuje {root}: otevřete {url}#token=VÁŠ_TOKEN v prohlížeči, nebo token zadejte, až se na něj stránka zeptá (MCP: {url}mcp, hlavička Authorization: Bearer VÁŠ_TOKEN).',
    ja: 'Quarry が {root} を提供しています: ブラウザーで {url}#token=YOUR_TOKEN を開くか、ページに聞かれたらトークンを入力してください（MCP: {url}mcp、ヘッダー Authorization: Bearer YOUR_TOKEN）。',
  },
} satisfies Catalogue;
