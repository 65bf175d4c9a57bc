/**
 * @module cli/commands/doctor-command
 * `quarry doctor [--json]`: which of Quarry's native modules load in this install, and for each
 * that does not, why; its JavaScript twin then does the work (the same answers, slower).
 */
import type { Command } from 'commander';
import { nativeParseLoaded } from '../../ingest/symbols/native-parse.js';
import { nativeGrams } from '../../store/first-stage/first-stage-shard.js';
import { nativeWords } from '../../store/first-stage/first-stage-word-postings.js';
import { rankingModuleRefusal } from '../../store/ranking-extension.js';
import { NATIVE_MODULES, nativeModuleFile, type NativeModuleName } from '../../text/native-modules.js';
import { nativeModuleRefusal, nativeText } from '../../text/native-text.js';
import { EXIT, runCommand, writeOut } from '../exit.js';

export interface NativeModuleStatus {
  module: NativeModuleName;
  loaded: boolean;
  /** Why it did not load; absent when it did. */
  reason?: string;
  /** What it does, and what does it otherwise. */
  role: string;
}

/** Loads each module as its loader does and reports the outcome. */
export function nativeModulesStatus(): NativeModuleStatus[] {
  const loaded: Record<NativeModuleName, boolean> = {
    quarry_ranking: rankingModuleRefusal() === null,
    quarry_parse: nativeParseLoaded(),
    quarry_text: nativeText !== null,
    quarry_grams: nativeGrams !== null,
    quarry_words: nativeWords !== null,
  };
  return (Object.keys(NATIVE_MODULES) as NativeModuleName[]).map((module) => {
    const reason = module === 'quarry_ranking' ? rankingModuleRefusal() : nativeModuleRefusal(nativeModuleFile(module));
    return { module, loaded: loaded[module], ...(loaded[module] ? {} : { reason: reason ?? 'not loaded' }), role: NATIVE_MODULES[module] };
  });
}

export function registerDoctorCommand(program: Command): void {
  program
    .command('doctor')
    .description('Say which native modules load; any that does not is replaced by its JavaScript twin (same answers, slower).')
    .option('--json', 'print one JSON object')
    .action((opts: { json?: boolean }) =>
      runCommand(async () => {
        const native = nativeModulesStatus();
        if (opts.json) {
          await writeOut(JSON.stringify({ native }));
          return EXIT.ok;
        }
        const width = Math.max(...native.map((m) => m.module.length));
        const lines = native.map((m) => `  ${m.module.padEnd(width)}  ${m.loaded ? 'loaded' : `not loaded: ${m.reason}`}\n  ${''.padEnd(width)}  ${m.role}`);
        const count = native.filter((m) => m.loaded).length;
        const summary = count === native.length
          ? 'All native modules load.'
          : `${count} of ${native.length} native modules load; the others' JavaScript twins give the same answers, slower.`;
        await writeOut(['Native modules:', ...lines, summary].join('\n'));
        return EXIT.ok;
      }));
}
