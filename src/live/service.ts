/**
 * @module live/service
 * What the live tools share for the life of a door: the project root (as
 * given and real), the binaries (located per call, version-probed once) and
 * the coarser-format cache. Created lazily by the tool context.
 */
import type { Locale } from '../contracts/messages/index.js';
import { resolveBinary, type Binary } from './binaries.js';
import { SearchCache } from './cache.js';
import { projectRoot, type ProjectRoot } from './path-fence.js';

export class LiveService {
  readonly cache = new SearchCache();
  private rootCache: ProjectRoot | null = null;

  constructor(private readonly rootDir: string, private readonly env: NodeJS.ProcessEnv) {}

  /** Resolved on first use, so a door can start before its root exists. */
  root(): ProjectRoot {
    this.rootCache ??= projectRoot(this.rootDir);
    return this.rootCache;
  }

  /** Located on every call: a binary installed or removed while the server runs is noticed. */
  rg(locale: Locale): Promise<Binary> {
    return resolveBinary('rg', { env: this.env, locale });
  }

  fd(locale: Locale): Promise<Binary> {
    return resolveBinary('fd', { env: this.env, locale });
  }
}
