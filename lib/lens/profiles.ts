/**
 * The six lenses and what the UI says about each (docs/semantics/lens.md §0, §x.1 "Who uses it", §9): the
 * display name, the version pinned, the stacks known to run it and a short description.
 */

import { crawlerCommons } from './crawler-commons';
import type { LensEngine } from './engine';
import { protego } from './protego';
import { pyLegacy } from './py-legacy';
import { pyRfc } from './py-rfc';
import { robotsParser } from './robots-parser';
import { rfc9309 } from './rfc9309';
import type { LensProfileId } from './types';

/** One stack known to run a lens, and how it calls it where that changes the verdict. */
interface LensUser {
  readonly name: string;
  readonly note: string;
}

/** What the UI shows about a lens. */
export interface LensProfile {
  readonly id: LensProfileId;
  /** The label: the stacks that run it, not the library alone (§9). */
  readonly displayName: string;
  /** The library or standard behind it. */
  readonly library: string;
  /** The version the lens reproduces. */
  readonly versionPinned: string;
  /** The date of the spec's reading ("Who uses it" as of then). */
  readonly asOf: string;
  readonly users: readonly LensUser[];
  readonly description: string;
  /** What the stack passes as the name when it differs from the product token (§9 tooltip), else null. */
  readonly nameNote: string | null;
}

/**
 * The Python releases that first ship the RFC 9309 rewrite of `urllib.robotparser` (gh-138907, PR
 * #138908): 3.14.5 (released 2026-05-10; its changelog, docs.python.org/3/whatsnew/changelog.html
 * "Python 3.14.5 final", lists gh-138907 under Library, added after 3.14.5rc1 of 2026-05-04; 3.14
 * backport PR #149374) and 3.13.14 (3.13 backport PR #149376, merged 2026-05-04, after 3.13.13;
 * the 3.13 changelog itself was not read, so this rests on the merge date and release order), and
 * every 3.15. The lenses are named by these patch releases: a crawler's reading depends on the
 * Python it runs on.
 */
export const PYTHON_RFC_RELEASES = '3.13.14+, 3.14.5+ and 3.15';

/** The Python releases before the rewrite, in words. */
export const PYTHON_LEGACY_RELEASES = 'before 3.13.14 and 3.14.5';

/** The spec's date: docs/semantics/lens.md's sources are read up to this day. */
const AS_OF = '2026-08-21';

/** Every lens's metadata, in the order of LENS_PROFILES. */
export const LENS_PROFILE_INFO: Readonly<Record<LensProfileId, LensProfile>> = {
  'py-legacy': {
    id: 'py-legacy',
    displayName: `Python ${PYTHON_LEGACY_RELEASES} (Crawl4AI, scripts)`,
    library: 'Python urllib.robotparser',
    versionPinned: 'CPython 3.11.7 (same verdicts as 3.12.1 and 3.13.0)',
    asOf: AS_OF,
    users: [
      { name: 'Crawl4AI', note: 'check_robots_txt=True; any status other than 200 means allowed; default name `*`.' },
      { name: 'Scrapy', note: 'with ROBOTSTXT_PARSER = PythonRobotParser (not the default).' },
      { name: 'Scripts', note: 'countless scripts call RobotFileParser.read() directly.' },
    ],
    description:
      'First matching rule wins, `*` and `$` are plain characters, a blank line ends a group, only the first `*` group counts, and a name matches when it occurs inside the crawler name.',
    nameNote: null,
  },
  'py-rfc': {
    id: 'py-rfc',
    displayName: `Python ${PYTHON_RFC_RELEASES} (the RFC rewrite)`,
    library: 'Python urllib.robotparser after gh-138907',
    versionPinned: 'CPython main @055a953f (shipped in 3.13.14 and 3.14.5)',
    asOf: AS_OF,
    users: [
      {
        name: `Crawl4AI and scripts on Python ${PYTHON_RFC_RELEASES}`,
        note: 'the stacks of the older Python lens, once they run on a Python that contains the rewrite.',
      },
    ],
    description:
      'Groups merge and blank lines no longer matter; `*` and `$` work; but a name still matches inside the crawler name, and a wildcard rule scores by how much of the URL it covers.',
    nameNote: null,
  },
  protego: {
    id: 'protego',
    displayName: 'Scrapy (Protego)',
    library: 'Protego',
    versionPinned: 'Protego 0.6.1 behind Scrapy ≥ 2.14 decoding',
    asOf: AS_OF,
    users: [
      { name: 'Scrapy', note: 'the default robots.txt parser.' },
      { name: 'crawlee-python', note: 'RobotsTxtFile; 4xx allow all, 5xx disallow all.' },
      { name: 'Scrapling', note: 'Protego-based.' },
    ],
    description:
      'Longest pattern wins; the longest group name found inside the crawler name is chosen; any non-user-agent line between user-agent lines starts a new group; rules and URLs are partly percent-decoded.',
    nameNote: 'Scrapy passes the whole User-Agent header unless ROBOTSTXT_USER_AGENT is set.',
  },
  'robots-parser': {
    id: 'robots-parser',
    displayName: 'Crawlee · Firecrawl · Browsertrix · Lighthouse (robots-parser)',
    library: 'robots-parser (npm)',
    versionPinned: 'robots-parser 3.0.1',
    asOf: AS_OF,
    users: [
      { name: 'Crawlee', note: 'passes `*` unless respectRobotsTxtFile.userAgent is set; non-2xx allows everything.' },
      {
        name: 'Firecrawl',
        note: 'FireCrawlAgent/FirecrawlAgent; link filtering mostly runs in Rust (texting_robots).',
      },
      { name: 'Browsertrix crawler', note: 'decodes only the first 100,000 bytes.' },
      { name: 'Lighthouse', note: 'the SEO audit is-crawlable, with the `*` group.' },
    ],
    description:
      'Longest pattern wins like Google, but names are compared exactly after cutting at `/`, a names-only group does not exist, any keyed line splits a run of user-agents, and rules are escaped while URLs are not decoded.',
    nameNote: 'Crawlee passes `*` unless configured; Firecrawl passes FireCrawlAgent and FirecrawlAgent.',
  },
  'crawler-commons': {
    id: 'crawler-commons',
    displayName: 'Nutch · StormCrawler (crawler-commons)',
    library: 'crawler-commons SimpleRobotRulesParser',
    versionPinned: 'crawler-commons 1.7-SNAPSHOT @8e14e27 (same verdicts as 1.6)',
    asOf: AS_OF,
    users: [
      { name: 'Apache Nutch', note: 'http.agent.name and http.robots.agents, lower-cased.' },
      { name: 'Apache StormCrawler', note: 'same names; each must match [A-Za-z_-]+.' },
      { name: 'Common Crawl (CCBot)', note: 'a Nutch-based crawler (unverified).' },
    ],
    description:
      'Closest to Google: typos and missing colons accepted, groups merged; but the wildcard scan never backtracks, the index.html rule applies to Disallow too, `/robots.txt` is always allowed and some URLs are matched as `/`.',
    nameNote: 'Nutch and StormCrawler pass several lower-cased names at once.',
  },
  rfc9309: {
    id: 'rfc9309',
    displayName: 'RFC 9309, strict',
    library: 'RFC 9309 (reading decisions D1–D12)',
    versionPinned: 'RFC 9309 (September 2022)',
    asOf: AS_OF,
    // No crawler is known to run it: it shows what the standard alone says, so extensions can be labelled as such.
    users: [],
    description:
      'Exact keys, product-token names compared whole, rules must start with `/`, percent forms of unreserved characters equal the characters, `/robots.txt` always allowed, 500 KiB parsed.',
    nameNote: null,
  },
};

/** The lens engines by id. */
export const LENS_ENGINES: Readonly<Record<LensProfileId, LensEngine>> = {
  'py-legacy': pyLegacy,
  'py-rfc': pyRfc,
  protego,
  'robots-parser': robotsParser,
  'crawler-commons': crawlerCommons,
  rfc9309,
};
