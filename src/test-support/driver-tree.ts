/**
 * @module test-support/driver-tree
 * Trees of generated C drivers for tests of the chunk-text dictionary: files
 * of one shape (licence line, includes, small functions) whose names and
 * numbers differ, as a real tree's files do.
 */
/** One C file of a driver family, about 12 KB: the shape repeats across files, names and numbers differ. */
export function driver(family: string, n: number): string {
  const lines: string[] = ['// SPDX-License-Identifier: GPL-2.0', '#include <linux/module.h>', '#include <linux/platform_device.h>', ''];
  for (let i = 0; i < 40; i++) {
    lines.push(
      `static int ${family}${n}_op_${i}(struct platform_device *pdev, unsigned int reg)`, '{',
      `\tstruct ${family}_priv *priv = platform_get_drvdata(pdev);`,
      `\tif (reg > ${(i * 37 + n) % 251})`, '\t\treturn -EINVAL;',
      `\tdev_dbg(&pdev->dev, "${family} ${n} op ${i}: reg %u\\n", reg);`,
      `\treturn ${family}_write(priv, reg, ${i % 7 === 0 ? 'SUSPEND_MARKER' : 'RESUME_MARKER'});`, '}', '',
    );
  }
  return lines.join('\n');
}

export function driverTree(families: readonly string[], perFamily: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (const family of families) for (let n = 0; n < perFamily; n++) files[`drivers/${family}/${family}${n}.c`] = driver(family, n);
  return files;
}

