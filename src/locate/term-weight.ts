/**
 * @module locate/term-weight
 * How much a word of the text counts: more when repeated (logarithmically),
 * in the title, or written as code.
 */
import { LOCATE_RANKING } from './locate-weights.js';
import type { WordMention } from './extract.js';

export function termWeight(mention: WordMention): number {
  return (1 + Math.log(mention.count))
    * (mention.inTitle ? LOCATE_RANKING.titleBoost : 1)
    * (mention.inCode ? LOCATE_RANKING.codeBoost : 1);
}
