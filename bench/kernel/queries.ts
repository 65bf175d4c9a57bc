/**
 * @module bench/kernel/queries
 * The query sets of `npm run bench`, chosen for the Linux kernel but valid on
 * any tree. Each kind has one warm-up query and then distinct queries only:
 * the server's result cache answers a repeated query in about 1 ms, which
 * would measure nothing.
 */
export interface QuerySet {
  kind: 'literal' | 'regex' | 'bm25';
  warmUp: string;
  queries: readonly string[];
}

/** Case-sensitive literals (`rg -F -s`). */
export const LITERALS: QuerySet = {
  kind: 'literal',
  warmUp: 'MODULE_LICENSE',
  queries: ['PM_RESUME', 'kmalloc_array', 'IRQF_SHARED', 'spin_lock_irqsave', 'copy_from_user', 'DMA_BIDIRECTIONAL', 'EPROBE_DEFER'],
};

/** RE2 regexes, case-sensitive like rg's default. */
export const REGEXES: QuerySet = {
  kind: 'regex',
  warmUp: 'ERR_PTR\\(-E[A-Z]+\\)',
  queries: ['[A-Z]+_SUSPEND', 'devm_[a-z]+_alloc', 'IRQF_[A-Z]+', 'struct [a-z_]+_ops \\{', 'mutex_(un)?lock\\(&[a-z]+', 'pr_(err|warn)\\("[A-Z]', 'u(8|16|32) [a-z_]+\\[[0-9]+\\]'],
};

/** Word queries, ranked by BM25 (top 20); 20 of them so p99 is the slowest of a real spread. */
export const BM25_QUERIES: QuerySet = {
  kind: 'bm25',
  warmUp: 'memory allocation',
  queries: [
    'suspend resume', 'power off device', 'interrupt handler', 'page table walk', 'network packet receive',
    'file system mount', 'usb device reset', 'dma buffer mapping', 'clock rate set', 'lock contention',
    'scheduler load balance', 'block request queue', 'timer expire callback', 'firmware load failed', 'pci bus scan',
    'thermal zone trip', 'audio codec volume', 'crypto hash update', 'virtual memory area', 'tcp congestion window',
  ],
};

/** The `search_code` arguments of one query of a set. */
export function searchCodeArgs(set: QuerySet, query: string): Record<string, unknown> {
  switch (set.kind) {
    case 'literal': return { query, mode: 'exact', case_sensitive: true, max_results: 20, detail_level: 'compact' };
    case 'regex': return { query, mode: 'regex', max_results: 20, detail_level: 'compact' };
    case 'bm25': return { query, mode: 'text', max_results: 20, detail_level: 'compact' };
  }
}

/** ripgrep's arguments for the same question (literal and regex only). */
export function rgArgs(set: QuerySet, query: string): string[] {
  return set.kind === 'literal' ? ['-n', '-F', '-s', '--', query] : ['-n', '--', query];
}

/** csearch takes RE2 syntax only; the literals above have no metacharacters. */
export function csearchArgs(query: string): string[] {
  return ['-n', query];
}
