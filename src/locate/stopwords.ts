/**
 * @module locate/stopwords
 * Words of a report that never tell one file from another: English function
 * words and the boilerplate of issue templates ("expected behavior", "steps
 * to reproduce"). They are skipped before term selection, so the slots of
 * the scored terms go to telling words, and their long postings are never
 * read. Compared in lower case, before stemming.
 */

const ENGLISH = `a about above after again against all almost also although am an and another any anyone anything are
aren't around as at be because been before being below between both but by can cannot could did didn't do does doesn't
doing don't down during each either else even ever every few for from further had has have having he her here hers him
his how however i i'd i'm i've if in into is isn't it it's its itself just let like likely may maybe me might mine more
most much must my myself neither no nor not now of off often on once one only or other others otherwise our ours out
over own per perhaps please quite rather really same seem seems she should shouldn't since so some somehow something
still such than that the their theirs them then there these they this those though through thus to too under until up
upon us very via was wasn't we well were weren't what whatever when where whether which while who whom whose why will
with within without won't would wouldn't yes yet you your yours yourself`;

/** Words of issue templates and bug-report prose. */
const REPORTS = `actual actually behavior behaviour bug currently describe description environment example expect expected
happen happens hello hi issue issues info information instead know output problem report reproduce reproducible result
results screenshot screenshots see seem seems steps thank thanks think try tried trying use used uses using version
versions want way work works worked working`;

export const STOPWORDS: ReadonlySet<string> = new Set(`${ENGLISH} ${REPORTS}`.split(/\s+/).filter((w) => w !== ''));
