/**
 * @module locate/reasons
 * A file's reasons: the kinds of evidence that weighed most (what the text
 * names before the words it shares), each said in a few words with what it names (`defines _cull`, `in the traceback (line
 * 130)`, `path words: io ascii rst`). Short on purpose: ten files with their
 * reasons fit in about 400 tokens.
 */
import { LOCATE } from '../contracts/limits.js';
import type { Feature } from './evidence.js';
import type { RankedFile } from './rank.js';

/** Features said together in one reason. */
const GROUPS: readonly { features: readonly Feature[]; say: (names: string[]) => string; names: number }[] = [
  { features: ['pathNamed'], say: () => 'path named in the text', names: 0 },
  { features: ['frame', 'frameInnermost'], say: (n) => (n[0] && n[0] !== 'traceback' ? `in the traceback (${n[0]})` : 'in the traceback'), names: 1 },
  { features: ['module'], say: (n) => `module ${n.join(', ')} named`, names: 1 },
  { features: ['definesMember', 'defines', 'definesWord'], say: (n) => `defines ${n.join(', ')}`, names: 2 },
  { features: ['message'], say: (n) => `holds the message "${n[0] ?? ''}"`, names: 1 },
  { features: ['uses'], say: (n) => `uses ${n.join(', ')}`, names: 2 },
  { features: ['pathShared', 'moduleShared'], say: (n) => `name ${n.join(', ')} mentioned`, names: 1 },
  { features: ['pathWords'], say: (n) => `path words: ${n.join(' ')}`, names: 2 },
  { features: ['words', 'titleWords'], say: (n) => `words: ${n.join(' ')}`, names: 2 },
];

/** The names a group's details hold, heaviest first, without repeats. */
function namesOf(ranked: RankedFile, features: readonly Feature[], count: number): string[] {
  const details = features.flatMap((f) => ranked.evidence.details[f] ?? []).sort((a, b) => b.weight - a.weight);
  const names: string[] = [];
  for (const d of details) {
    // `set` adds nothing beside `FileCache.set`, whichever comes first.
    const shorter = names.findIndex((n) => d.text.endsWith(`.${n}`));
    if (shorter >= 0) names[shorter] = d.text;
    else if (!names.some((n) => n === d.text || n.endsWith(`.${d.text}`))) names.push(d.text);
  }
  return names.slice(0, count);
}

/** Word evidence is said last: a name, a frame or a path the text wrote tells a reader more than shared words. */
const WORD_FEATURES: ReadonlySet<Feature> = new Set(['words', 'titleWords', 'pathWords']);
const saysWords = (features: readonly Feature[]) => features.every((f) => WORD_FEATURES.has(f));

export function reasonsOf(ranked: RankedFile): string[] {
  return GROUPS
    .map((group) => ({ group, weight: group.features.reduce((sum, f) => sum + (ranked.contributions[f] ?? 0), 0) }))
    .filter((g) => g.weight > 0)
    .sort((a, b) => Number(saysWords(a.group.features)) - Number(saysWords(b.group.features)) || b.weight - a.weight)
    .slice(0, LOCATE.reasonsPerFile)
    .map(({ group }) => group.say(namesOf(ranked, group.features, group.names)));
}
