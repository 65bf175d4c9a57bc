/**
 * @module locate/rank
 * One score per file: the weighted sum of its evidence (weights in
 * LOCATE_RANKING), with the two open-ended features (BM25 and path words)
 * scaled to the best file's first, times the prior of the file's kind
 * (tests, docs, vendored ... start lower) unless the text names the file.
 */
import { LOCATE_RANKING } from './locate-weights.js';
import { FEATURES, type EvidenceBoard, type Feature, type FileEvidence } from './evidence.js';

export interface RankedFile {
  evidence: FileEvidence;
  score: number;
  /** Each feature's weighted share of the score (before the prior), for the reasons. */
  contributions: Partial<Record<Feature, number>>;
}

/** Features whose values are open-ended: scaled to [0, 1] by the best file's value. */
const SCALED: readonly Feature[] = ['words', 'titleWords', 'pathWords'];
/**
 * Sums over the names a file defines grow with every name a long report mentions (a file defining
 * sin, cos, tan ... collects them all): they count logarithmically.
 */
const SATURATED: ReadonlySet<Feature> = new Set(['defines', 'definesWord', 'definesMember']);
/** Evidence that the text names the file itself: its kind's prior no longer applies. */
const NAMING: readonly Feature[] = ['pathNamed', 'frame', 'module'];

export function rankFiles(board: EvidenceBoard): RankedFile[] {
  const entries = [...board.entries()];
  const scale = new Map<Feature, number>();
  for (const feature of SCALED) {
    const best = entries.reduce((max, e) => Math.max(max, e.features[feature] ?? 0), 0);
    scale.set(feature, best > 0 ? 1 / best : 0);
  }
  const ranked = entries.map((evidence): RankedFile => {
    const contributions: Partial<Record<Feature, number>> = {};
    let sum = 0;
    for (const feature of FEATURES) {
      const raw = evidence.features[feature];
      if (!raw) continue;
      const value = SATURATED.has(feature) ? Math.log1p(raw) : raw;
      const share = LOCATE_RANKING.features[feature] * value * (scale.get(feature) ?? 1);
      contributions[feature] = share;
      sum += share;
    }
    const named = NAMING.some((f) => (evidence.features[f] ?? 0) > 0);
    const prior = named ? 1 : LOCATE_RANKING.kindPrior[evidence.file.kind];
    return { evidence, score: sum * prior, contributions };
  });
  return ranked.sort((a, b) => b.score - a.score || a.evidence.file.path.localeCompare(b.evidence.file.path));
}
