/**
 * @module bench/commit-set-settings
 * Settings of the multi-language commit set: which public repositories it is
 * drawn from (one git clone each, `DIR/<name>`), what counts as a source file
 * of each language, what a usable commit looks like, and where the list of
 * instances lives. Read by the selection script and by `npm run eval:commits`.
 */

export type CommitSetLanguage = 'go' | 'rust' | 'typescript' | 'java' | 'c';

export interface CommitSetRepository {
  /** `owner/name` as GitHub spells it; the clone is `DIR/<name>`. */
  repo: string;
  /** The commit of the fetched snapshot the history is read from (not the clone's HEAD, which the eval moves). */
  snapshot: string;
  language: CommitSetLanguage;
}

export const COMMIT_SET = {
  /** The instance list, relative to the project root. */
  dataFile: 'bench/commit-set/instances.json',
  repositories: [
    { repo: 'spf13/cobra', snapshot: 'adbc8813901bba65827259daa8e22ff94ec1f30e', language: 'go' },
    { repo: 'gin-gonic/gin', snapshot: 'dcaa4296d111981ffb31ac3eba90bb63e1eb5ab9', language: 'go' },
    { repo: 'BurntSushi/ripgrep', snapshot: '3fce3b5bb0236da2df6d99672afb8a719642eca7', language: 'rust' },
    { repo: 'tokio-rs/axum', snapshot: '3d78036dcac289d6c1d54934708acb6a5bd73686', language: 'rust' },
    { repo: 'honojs/hono', snapshot: '28a9c128912de19f3fb28b00ae289c9b93f6f392', language: 'typescript' },
    { repo: 'expressjs/express', snapshot: 'a3714473feb3d2908add734d340e7755fd85e0a3', language: 'typescript' },
    { repo: 'google/gson', snapshot: '9835b6f90192f79cdf5300c528fc6212455fb6c1', language: 'java' },
    { repo: 'jhy/jsoup', snapshot: '46b620860af930eedc193a705eaf7cea5aec89a6', language: 'java' },
    { repo: 'jqlang/jq', snapshot: '579e6f76cffd7643ba4002a2c3618a5ea710589a', language: 'c' },
    { repo: 'libuv/libuv', snapshot: '6179e7af87413396d5853a1c3722c8b5749336c8', language: 'c' },
  ] as const satisfies readonly CommitSetRepository[],
  /** File extensions that make a source file, per language (JavaScript counts with TypeScript). */
  sourceExtensions: {
    go: ['.go'],
    rust: ['.rs'],
    typescript: ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
    java: ['.java'],
    c: ['.c', '.h'],
  } satisfies Record<CommitSetLanguage, readonly string[]>,
  /** A message must say this much (words with a letter, trailers left out) to be a query. */
  minMessageWords: 30,
  /** Commits touching more non-test source files than this are left out (sweeping changes, not a localised fix). */
  maxSourceFiles: 5,
  /** The newest qualifying commits kept per repository (newest first), so no repository dominates. */
  perRepository: 30,
  /** Lines read from the top of a gold file to recognise a generated one. */
  generatedHeaderLines: 12,
  /** Acc@k cut-offs reported beside MRR. */
  accuracyAt: [1, 3, 5, 10] as const,
} as const;
