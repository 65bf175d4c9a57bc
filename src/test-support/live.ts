/**
 * @module test-support/live
 * Calls a tool in-process against a real folder (real rg and fd), and runs
 * ripgrep directly for reference answers.
 */
import { spawnSync } from 'node:child_process';
import { isQuarryError } from '../contracts/errors.js';
import { callTool } from '../tools/call-tool.js';
import { ToolContext } from '../tools/context.js';

const contexts = new Map<string, ToolContext>();

/** One context per root, so the coarser-format cache lives across calls as in a server. */
export function contextFor(root: string): ToolContext {
  let ctx = contexts.get(root);
  if (!ctx) {
    ctx = new ToolContext({ root, locale: 'en' });
    contexts.set(root, ctx);
  }
  return ctx;
}

export async function call<T = any>(root: string, tool: string, args: Record<string, unknown>): Promise<T> {
  return (await callTool(tool, args, contextFor(root))) as T;
}

/** The QuarryError a call fails with (the test fails if it succeeds). */
export async function callError(root: string, tool: string, args: Record<string, unknown>): Promise<{ code: string; message: string }> {
  try {
    await callTool(tool, args, contextFor(root));
  } catch (error) {
    if (isQuarryError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error(`${tool} succeeded; an error was expected`);
}

/** `rg --count-matches` run directly in `cwd`: relative path -> count. */
export function rgCountMatches(cwd: string, args: string[]): Map<string, number> {
  const run = spawnSync('rg', ['--count-matches', '--with-filename', '--null', ...args, '--', '.'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (run.status !== 0 && run.status !== 1) throw new Error(`rg failed: ${run.stderr}`);
  const counts = new Map<string, number>();
  for (const line of run.stdout.split('\n').filter(Boolean)) {
    const [file, count] = line.split('\0');
    counts.set(file!.replace(/^\.\//, ''), Number(count));
  }
  return counts;
}
