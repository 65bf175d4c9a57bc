/**
 * @module cli/print/progress
 * The indexing progress bar: files, MB/s and ETA, redrawn in place on a
 * terminal. Off a terminal nothing is drawn (logs stay clean). For a
 * program that runs `quarry index` (`quarry mcp` does), the same progress
 * as JSON lines instead (`--progress-json`).
 */
import type { IndexProgress } from '../../ingest/indexer.js';

const BAR_WIDTH = 24;

export function formatProgress(p: IndexProgress): string {
  const fraction = p.bytesTotal > 0 ? p.bytesDone / p.bytesTotal : p.filesTotal > 0 ? p.filesDone / p.filesTotal : 1;
  const filled = Math.round(fraction * BAR_WIDTH);
  const seconds = p.elapsedMs / 1000;
  const mbps = seconds > 0 ? p.bytesDone / 1_048_576 / seconds : 0;
  const eta = fraction > 0 && fraction < 1 ? Math.ceil(seconds / fraction - seconds) : 0;
  return `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${p.filesDone}/${p.filesTotal} files  ${mbps.toFixed(1)} MB/s  ETA ${eta}s`;
}

export function terminalProgress(stream: NodeJS.WriteStream): { update: (p: IndexProgress) => void; done: () => void } | null {
  if (!stream.isTTY) return null;
  let drawn = false;
  return {
    update(p) {
      stream.write(`\r${formatProgress(p)}\x1b[K`);
      drawn = true;
    },
    done() {
      if (drawn) stream.write('\r\x1b[K');
    },
  };
}

/** One line per progress report: `{"progress":{"files_done":N,"files_total":M,"bytes_done":B,"bytes_total":T}}`. */
export function jsonProgress(stream: NodeJS.WritableStream): { update: (p: IndexProgress) => void; done: () => void } {
  // A reader that has gone (its server stopped) leaves the pass to finish without progress lines.
  stream.on('error', () => undefined);
  return {
    update(p) {
      stream.write(`${JSON.stringify({ progress: { files_done: p.filesDone, files_total: p.filesTotal, bytes_done: p.bytesDone, bytes_total: p.bytesTotal } })}\n`);
    },
    done() {},
  };
}
