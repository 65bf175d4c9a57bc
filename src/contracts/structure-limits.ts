/**
 * @module contracts/structure-limits
 * The bounds of `search_structure`: how long and how deep a pattern or a
 * rule may be (refused before ast-grep sees it, so a hostile pattern costs
 * milliseconds and never a worker's stack), the page, what a match shows, and
 * the budget of the scan that a pattern without literal text falls back to.
 */
import { ENGINE } from './limits.js';

export const STRUCTURE = {
  /** A pattern (or a rule's pattern, regex or kind) longer than this is refused: real patterns are a few lines. */
  patternMaxChars: 4_000,
  /**
   * Brackets nested deeper than this in a pattern are refused. ast-grep matches a pattern's tree
   * recursively: a pattern of thousands of nested calls would recurse as deep in the worker.
   */
  patternMaxDepth: 64,
  /** A rule nested deeper than this (`not` in `has` in `all` ...) is refused, below the tools' own TOOL_INPUT.maxDepth. */
  ruleMaxDepth: 16,
  /** Objects and arrays in one rule, at most. */
  ruleMaxNodes: 200,
  /** Matches per page. */
  maxResults: { min: 1, max: 500, default: 20 },
  skip: { min: 0, max: 100_000, default: 0 },
  /** Path prefixes or globs, at most this many, each at most pathMaxChars long. */
  pathsMax: 32,
  pathMaxChars: 300,
  /** A match's text is cut past this many characters (`text_truncated`); a capture past captureMaxChars. */
  matchTextMaxChars: 400,
  captureMaxChars: 160,
  /** The compact text shows a match's first line cut to this many characters. */
  textLineMaxChars: 160,
  /**
   * Wall-clock budget of one search, as exact and regex search have: past it the page found so far
   * comes back with `total_partial`, or TIMEOUT while the page is still empty, never "found nothing".
   */
  budgetMs: ENGINE.verifyBudgetMs,
  /** Files a pattern without literal text may parse in one search (the bounded scan), then it stops as past its budget. */
  scanMaxFiles: 50_000,
  /** Literal words of a pattern tried as the index's pre-filter (the rarest first). */
  literalsMax: 8,
  /** A literal shorter than this has no trigram to ask the index for. */
  literalMinChars: 3,
} as const;
