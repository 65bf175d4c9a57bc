/**
 * @module cli/commands/medicines-command
 * `quarry medicines import PATH... [--root DIR] [--json]`: loads SÚKL open
 * data (DLP*.zip, LEKARNY*.zip, folders of their CSVs, SCAU, mr_hlaseni.csv,
 * PIL/SPC PDFs) into ROOT/.quarry/medicines.db, in one transaction.
 */
import type { Command } from 'commander';
import { importMedicines, type ImportReport } from '../../medicines/importer.js';
import { EXIT, runCommand, writeOut } from '../exit.js';

function printReport(report: ImportReport): string {
  const lines = [`Imported into ${report.database} in ${report.duration_ms} ms`];
  const validity = report.data_set.valid_from ? `${report.data_set.valid_from} to ${report.data_set.valid_to}` : 'not stated (no dlp_platnost.csv)';
  lines.push(`Data set valid: ${validity}`);
  for (const f of report.files) {
    lines.push(`  ${f.file}: ${f.rows} rows -> ${f.table}`);
    if (f.unknown_columns.length) lines.push(`    unknown columns (ignored): ${f.unknown_columns.join(', ')}`);
    if (f.missing_optional_columns.length) lines.push(`    missing columns (left empty): ${f.missing_optional_columns.join(', ')}`);
  }
  for (const d of report.documents) lines.push(`  ${d.file}: ${d.sections} sections`);
  if (report.skipped.length) lines.push(`Skipped (not SÚKL data files): ${report.skipped.join(', ')}`);
  lines.push(`Source: ${report.data_set.source}`);
  return lines.join('\n');
}

export function registerMedicinesCommand(program: Command): void {
  const medicines = program.command('medicines').description('The SÚKL medicines registry (Czech open data).');
  medicines
    .command('import')
    .description('Import SÚKL open data: DLP*.zip, LEKARNY*.zip, folders of their CSVs, SCAU*.txt (reimbursement), mr_hlaseni.csv (shortages), PIL/SPC PDFs. One transaction: a failed import keeps the previous data.')
    .argument('<paths...>', 'files or folders to import')
    .option('--root <dir>', 'project folder; the registry is stored in ROOT/.quarry/medicines.db', '.')
    .option('--json', 'print the import report as JSON')
    .action((paths: string[], opts: { root: string; json?: boolean }) =>
      runCommand(async () => {
        const report = await importMedicines({
          root: opts.root, paths,
          onFile: opts.json || !process.stderr.isTTY ? undefined : (file) => process.stderr.write(`\rreading ${file}\x1b[K`),
        });
        if (!opts.json && process.stderr.isTTY) process.stderr.write('\r\x1b[K');
        await writeOut(opts.json ? JSON.stringify(report) : printReport(report));
        return EXIT.ok;
      }),
    );
}
