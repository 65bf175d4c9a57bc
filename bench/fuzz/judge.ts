/**
 * @module bench/fuzz/judge
 * What counts as a failure, and the tally. Budgets are the fuzz's own
 * documented promise of a bounded answer: any single call answers within
 * FUZZ_BUDGET.callMs (a spawned `quarry call` within cliMs) with a body of at
 * most FUZZ_BUDGET.bodyBytes. A crash is a process exit or a closed
 * connection; an internal error is HTTP 500 (or any 5xx but the intended
 * 503/504), a `"code":"INTERNAL"` body or JSON-RPC -32603; an escape is a
 * reply holding the canary token, or a file written outside the root.
 */

export const FUZZ_BUDGET = {
  /** One call through a server door (HTTP, MCP stdio). */
  callMs: 10_000,
  /** One `quarry call`, node start included. */
  cliMs: 30_000,
  /** One reply body. list_files at its 10,000-entry cap is about 1.5 MB. */
  bodyBytes: 2 * 1024 * 1024,
  /** A request with no answer by then is abandoned (and counted over budget). */
  abandonMs: 45_000,
} as const;

export type FailureClass = 'crash' | 'internal' | 'over_budget' | 'escape';
export const FAILURE_CLASSES: readonly FailureClass[] = ['crash', 'internal', 'over_budget', 'escape'];

export interface Outcome {
  door: string;
  ms: number;
  bytes: number;
  status?: number;
  failures: { cls: FailureClass; symptom: string }[];
  rateLimited: boolean;
  /** Library text (SQLite, zod, fs) in an error reply: reported, not counted as a failure here. */
  rawText?: string;
}

const INTERNAL_RE = /\\*"code\\*"\s*:\s*(\\*"INTERNAL\\*"|-32603)/;
const RAW_TEXT_RE = /fts5:|SQLITE_[A-Z]|no such (?:table|column)|unterminated string|parser stack overflow|✖|node:internal|\bE(?:NOENT|ACCES|LOOP|NAMETOOLONG)\b|at [\w.<>]+ \(/;
const ERROR_REPLY_RE = /\\*"ok\\*"\s*:\s*false|"isError"\s*:\s*true|"error"\s*:/;

/** Judges one reply body (any door). */
export function judgeBody(outcome: Outcome, text: string, canaryToken: string, budgetMs: number): Outcome {
  if (outcome.ms > budgetMs) outcome.failures.push({ cls: 'over_budget', symptom: `answered in ${Math.round(outcome.ms)} ms (budget ${budgetMs})` });
  if (outcome.bytes > FUZZ_BUDGET.bodyBytes) outcome.failures.push({ cls: 'over_budget', symptom: `reply of ${outcome.bytes} bytes (budget ${FUZZ_BUDGET.bodyBytes})` });
  if (text.includes(canaryToken)) outcome.failures.push({ cls: 'escape', symptom: 'reply holds the canary token from outside the root' });
  const status = outcome.status ?? 0;
  if (status === 500 || (status > 500 && status !== 503 && status !== 504)) {
    outcome.failures.push({ cls: 'internal', symptom: `HTTP ${status}: ${text.slice(0, 200)}` });
  } else if (INTERNAL_RE.test(text)) {
    outcome.failures.push({ cls: 'internal', symptom: `INTERNAL: ${text.slice(0, 200)}` });
  }
  if (status === 429) outcome.rateLimited = true;
  if ((status >= 400 || ERROR_REPLY_RE.test(text.slice(0, 400))) && text.length < 20_000) {
    const raw = RAW_TEXT_RE.exec(text);
    if (raw) outcome.rawText = text.slice(Math.max(0, raw.index - 80), raw.index + 120);
  }
  return outcome;
}

export interface Example {
  door: string;
  input: string;
  symptom: string;
}

export interface Tally {
  inputs: number;
  byDoor: Record<string, number>;
  counts: Record<FailureClass, number>;
  rateLimited: number;
  rawText: number;
  examples: Record<FailureClass | 'raw_text', Example[]>;
  latencies: Record<string, number[]>;
}

export function newTally(): Tally {
  return {
    inputs: 0, byDoor: {}, counts: { crash: 0, internal: 0, over_budget: 0, escape: 0 }, rateLimited: 0, rawText: 0,
    examples: { crash: [], internal: [], over_budget: [], escape: [], raw_text: [] }, latencies: {},
  };
}

/** Keeps an example input short enough to print: long runs are written as `x{n}`. */
export function describeInput(input: unknown): string {
  let text: string;
  try { text = JSON.stringify(input) ?? String(input); } catch { text = String(input); }
  text = text.replace(/(.)\1{15,}/gsu, (run, ch: string) => `${ch}{×${[...run].length}}`);
  return text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text;
}

export function record(tally: Tally, input: unknown, outcome: Outcome, maxExamples = 8): void {
  tally.inputs++;
  tally.byDoor[outcome.door] = (tally.byDoor[outcome.door] ?? 0) + 1;
  (tally.latencies[outcome.door] ??= []).push(outcome.ms);
  if (outcome.rateLimited) tally.rateLimited++;
  const seen = new Set<FailureClass>();
  for (const f of outcome.failures) {
    if (seen.has(f.cls)) continue;
    seen.add(f.cls);
    tally.counts[f.cls]++;
    if (tally.examples[f.cls].length < maxExamples) tally.examples[f.cls].push({ door: outcome.door, input: describeInput(input), symptom: f.symptom });
  }
  if (outcome.rawText) {
    tally.rawText++;
    if (tally.examples.raw_text.length < maxExamples) tally.examples.raw_text.push({ door: outcome.door, input: describeInput(input), symptom: outcome.rawText });
  }
}
