/**
 * The shape of one crawler record: every fact the product knows about a crawler, each with where it
 * comes from and when it was checked — its core (records.ts) and the facts kept beside it, keyed by
 * its token (user-agents.ts, identity.ts, parsers.ts, usage.ts with its sources in
 * usage-sources.ts), and the facts kept per operator (operators.ts). The features read views of the
 * records (the presets in lib/robots/crawlers.ts, the probe's User-Agent strings in
 * lib/probe/user-agents.ts, the lens's parser reports in lib/lens/crawler-parsers.ts, the Use
 * verdict's crawler rows, consumer statuses and surface lines in lib/usage/crawler-usage.ts,
 * consumers.ts and surface.ts); none keeps a table of its own.
 */

/** What a crawler is for; the popup groups its switcher by these. */
export type CrawlerPurpose = 'search' | 'ai-training' | 'ai-search' | 'user-triggered' | 'other';

/** Whether a crawler honours Crawl-delay, as its operator documents it. */
export type CrawlDelaySupportKind =
  'honoured' | 'ignored' | 'not-documented' | 'unknown' | 'not-applicable' | 'claimed' | 'not-supported';

/** Crawl-delay support with one sentence a person can read. */
export interface CrawlDelaySupport {
  readonly kind: CrawlDelaySupportKind;
  readonly note: string;
}

/** How a crawler picks its group before falling back to `*`. */
export type GroupMatchMode =
  /** A group naming the token (Google's grammar: whole token, ASCII case-insensitive). */
  | { readonly kind: 'token' }
  /** Any group whose User-agent value contains `needle`, ASCII case-insensitively (Yandex). */
  | { readonly kind: 'contains'; readonly needle: string };

/** Where one User-Agent string comes from. */
export type UserAgentSource =
  | {
      readonly documented: true;
      /** The operator's own page giving the string. */
      readonly url: string;
      /** That page's title, as the operator names it. */
      readonly page: string;
    }
  | { readonly documented: false };

/** One User-Agent string a crawler sends. */
export interface UserAgentString {
  /** The header value sent. */
  readonly userAgent: string;
  readonly source: UserAgentSource;
  /** In plain words: how the string relates to its source (shown on screen). */
  readonly basis: string;
  /** When the string was last compared with its source (YYYY-MM-DD). */
  readonly checked: string;
}

/**
 * The User-Agent strings of a crawler: the probe sends the first. `none` says why there is no string
 * (a control token fetches nothing; for some crawlers no string could be checked).
 */
export type UserAgentFacts =
  | { readonly kind: 'strings'; readonly strings: readonly [UserAgentString, ...UserAgentString[]] }
  | { readonly kind: 'none'; readonly why: string };

/** The ids of the IP lists shipped in lib/crawlers/ip-lists/ (one file each, `<id>.json`). */
export type IpListId =
  | 'google-common-crawlers'
  | 'google-special-crawlers'
  | 'google-user-triggered-fetchers'
  | 'google-user-triggered-fetchers-google'
  | 'bing-bingbot'
  | 'openai-gptbot'
  | 'openai-searchbot'
  | 'openai-chatgpt-user'
  | 'openai-adsbot'
  | 'perplexity-perplexitybot'
  | 'perplexity-perplexity-user'
  | 'apple-applebot'
  | 'duckduckgo-duckassistbot'
  | 'commoncrawl-ccbot'
  | 'anthropic-bots'
  | 'mistral-mistralai-user-ips';

/**
 * One IP list an operator publishes, and the dated snapshot of it the product ships. Data only: the
 * prefixes themselves are read on demand (lib/crawlers/load-ip-list.ts).
 */
export interface IpList {
  readonly id: IpListId;
  readonly operator: string;
  /** The list's name in words, e.g. "Google's common-crawlers list". */
  readonly title: string;
  /** The operator's official address of the list (where a refresh fetches it). */
  readonly url: string;
  /**
   * The shipped snapshot's date: its `creationTime` as the file writes it, or, when the copy we found
   * did not keep one, "not preserved" with what is known instead.
   */
  readonly snapshot:
    | { readonly kind: 'dated'; readonly creationTime: string }
    | { readonly kind: 'not-preserved'; readonly note: string };
  /** Whether an address in the list proves the request came from the operator's crawler. */
  readonly identity: { readonly proves: true } | { readonly proves: false; readonly why: string };
  /** Which crawlers the operator says the list covers, in words. */
  readonly covers: string;
  /** For a list no record points to: why none does (e.g. its fetchers are not presets). */
  readonly noRecord: string | null;
  /** Where the shipped copy came from and what was changed in it (lib/crawlers/ip-lists/SOURCES.md). */
  readonly copy: string;
}

/**
 * The IP lists that cover a crawler: the ids of shipped snapshots (their addresses and dates are in
 * lib/crawlers/ip-lists.ts, which the popup never loads), or in words why there is none to ship (the
 * operator publishes nothing, a control token fetches nothing, or no copy could be found).
 */
export type IpListCoverage =
  | { readonly kind: 'lists'; readonly ids: readonly [IpListId, ...IpListId[]] }
  | { readonly kind: 'none'; readonly why: string };

/**
 * The host-name endings a forward-confirmed reverse-DNS check accepts for a crawler (the PTR name
 * ends in one, and that name resolves back to the same address). `*` stands for a varying label,
 * as the operator writes it (rate-limited-proxy-*.google.com).
 */
export type ReverseDnsFacts =
  | {
      readonly kind: 'names';
      readonly names: readonly [string, ...string[]];
      /** The operator's page giving them. */
      readonly url: string;
      /** False: copied from the operator's page as our sources list it, not read again there. */
      readonly recheckedOnPage: false;
      readonly note: string;
    }
  | { readonly kind: 'none'; readonly why: string };

/** How long the crawler may go on using a robots.txt copy it fetched (an audit's window). */
export interface CacheWindow {
  readonly hours: number;
  /** The rule the window comes from. */
  readonly source: string;
  /** What the operator itself says about it, or null when it says nothing we know of. */
  readonly operatorSays: string | null;
  readonly checked: string;
}

/** Lens profiles a record can name as a crawler's reported parser stack (a subset of lib/lens's). */
export type ReportedParserProfile = 'crawler-commons' | 'robots-parser' | 'protego' | 'py-legacy' | 'py-rfc';

/**
 * Which robots.txt parser the crawler runs: `google-rules` when nothing says it runs another stack
 * (the product reads it with Google's rules); `reported` when a source says it runs another one.
 */
export type ParserStack =
  | { readonly kind: 'google-rules'; readonly why: string }
  | {
      readonly kind: 'reported';
      readonly profile: ReportedParserProfile;
      /** The stack in words, as the source reports it. */
      readonly stack: string;
      /** `unverified` for a claim our sources did not confirm. */
      readonly confidence: 'verified' | 'unverified';
      readonly source: string;
      readonly asOf: string;
    };

/**
 * One crawler (or control token)'s core: what robots.txt evaluation and the popup's picker read, and
 * the IP lists that cover it (records.ts). Small on purpose: it is in the popup's first script.
 */
export interface CrawlerCore {
  /** What is matched against User-agent lines. */
  readonly token: string;
  readonly name: string;
  readonly operator: string;
  readonly purpose: CrawlerPurpose;
  /** The purpose in words, e.g. "search (images)". */
  readonly purposeLabel: string;
  /** Whether it obeys robots.txt, in the operator's (or reporters') words. */
  readonly obeysRobots: string;
  readonly crawlDelay: CrawlDelaySupport;
  /** Tokens tried in order when no group names `token`, before `*`. */
  readonly fallbacks: readonly string[];
  /** Only a group naming the crawler applies; `*` never does (AdsBot-Google). */
  readonly ignoresGlobal: boolean;
  readonly groupMatch: GroupMatchMode;
  /**
   * False for a control token (Google-Extended, Applebot-Extended): other crawlers of its operator
   * read the rules written for it, but nothing fetches under its name.
   */
  readonly fetches: boolean;
  /** Where the robots.txt facts above come from, and when they were checked (YYYY-MM-DD). */
  readonly source: string;
  readonly verified: string;
  readonly ipLists: IpListCoverage;
}

/** What a crawler's identity is checked by, besides its IP lists, and its robots.txt cache window. */
export interface IdentityFacts {
  readonly reverseDns: ReverseDnsFacts;
  readonly cacheWindow: CacheWindow;
}

/**
 * One crawler with every fact the product holds about it: its core (records.ts) and the facts kept
 * beside it, each keyed by the core's token and required for every token by the type system
 * (user-agents.ts, identity.ts, parsers.ts, usage.ts, usage-sources.ts). catalogue.ts puts them together.
 */
export interface CrawlerRecord extends CrawlerCore, IdentityFacts {
  readonly userAgents: UserAgentFacts;
  readonly parser: ParserStack;
  readonly usage: UsageFacts;
  readonly usageSource: UsageSource;
}

/** What content may be used for, as the Use verdict asks it; `use-level` is Cloudflare's `use` key. */
export type UsagePurpose = 'search' | 'ai-input' | 'ai-train' | 'use-level';

/** A usage signal: what an operator's statement about reading one says it reads. */
export type SignalId =
  | 'content-usage-robots'
  | 'content-usage-header'
  | 'content-signal'
  | 'content-signal-use'
  | 'training-policy'
  | 'control-token'
  | 'robots-noindex'
  | 'snippet-controls'
  | 'archive-controls'
  | 'noai'
  | 'tdmrep';

/** How an operator's published statement about a signal reads (`unknown`: it published none). */
export type ConsumerStatus = 'honoured' | 'partial' | 'announced' | 'not-honoured' | 'unknown';

/** Whose reading of page directives (meta robots, X-Robots-Tag) a crawler follows. */
export type DirectiveEngine = 'google' | 'bing' | 'yandex' | 'other';

/** The surface explanations, by number (lib/usage/surface.ts words them). */
export type ExplanationId = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/**
 * Two crawlers of one operator whose rules are easily taken for each other: the explanation shown,
 * on either crawler's row, when robots.txt blocks `blocked` and leaves `open` free (GPTBot and
 * OAI-SearchBot).
 */
export interface PairedBlock {
  readonly blocked: string;
  readonly open: string;
  readonly explanation: ExplanationId;
}

/** A crawler that fetches: how the Use verdict reads the page for it. */
export interface FetcherUsage {
  readonly role: 'fetcher';
  /**
   * The meta names it reads besides `robots` and its own token (lower-cased), which every crawler
   * reads; they are also its X-Robots-Tag prefixes.
   */
  readonly alsoReads: readonly string[];
  readonly engine: DirectiveEngine;
  /** Its operator says robots.txt may not apply to it (it fetches what a person asks for). */
  readonly robotsMayNotApply: boolean;
  /** The control tokens that speak for it, as their records spell them. */
  readonly controlTokens: readonly string[];
  readonly pairedBlock: PairedBlock | null;
  /** The explanation shown when robots.txt blocks it, or null. */
  readonly explainsBlock: ExplanationId | null;
  /** Its operator says noarchive keeps a page out of its model training (Amazonbot). */
  readonly noarchiveMeansNoTraining: boolean;
}

/** A control token: its operator's crawler reads the rules written for it, for some purposes only. */
export interface ControlTokenUsage {
  readonly role: 'control-token';
  /** The crawler that fetches for it; its row reads the page as that crawler does. */
  readonly fetchedBy: string;
  readonly purposes: readonly UsagePurpose[];
  /** What it governs, in words. */
  readonly scope: string;
  /** The scope in a few words, for the first screen: what it covers and what it leaves alone. */
  readonly brief: string;
  /** Without a group of its own, a `*` Disallow decides for it (it is an ordinary robots token). */
  readonly inheritsStar: true;
  /** The explanation shown when it disallows the page. */
  readonly explainsDisallow: ExplanationId;
}

/** A training-preference policy token: a group naming it states a preference about AI training. */
export interface PolicyTokenUsage {
  readonly role: 'policy-token';
  /** False while the token's spelling is unconfirmed: every statement then carries a caveat. */
  readonly confirmed: boolean;
}

/** What a record is to the Use verdict, with the facts its role needs. */
export type UsageFacts = FetcherUsage | ControlTokenUsage | PolicyTokenUsage;

/** Where a record's usage facts come from, and whether the surface view covers it. */
export interface UsageSource {
  readonly source: string;
  /** When the facts were last checked against the source (YYYY-MM-DD). */
  readonly verified: string;
  /** Why no surface row names it, or null when a row of its operator's surfaces does. */
  readonly noSurfaceRow: string | null;
}

/**
 * A record the Use verdict reads that is no preset of the popup's picker (a policy token, a fetcher
 * named only by a CDN's managed lines): its token, operator and usage facts.
 */
export interface UsageOnlyRecord {
  readonly token: string;
  readonly operator: string | null;
  readonly preset: false;
  readonly usage: UsageFacts;
}

/** One operator's published statement about reading a usage signal. */
export interface ConsumerStatement {
  readonly signalId: SignalId;
  readonly status: ConsumerStatus;
  readonly claim: string;
  readonly source: string;
  /** When the claim was published or last checked (YYYY-MM-DD). */
  readonly sourceDate: string;
  readonly verified: string;
  readonly confidence: 'H' | 'M' | 'L';
}

/** What an operator published about the usage signals it reads: its statements, or why there are none. */
export type ConsumerFacts =
  | { readonly kind: 'statements'; readonly statements: readonly [ConsumerStatement, ...ConsumerStatement[]] }
  | { readonly kind: 'none'; readonly why: string };

/** Which control governs one of an operator's products, and what it leaves alone. */
export interface SurfaceFacts {
  readonly id: string;
  readonly surface: string;
  /** The records whose rows these are, as they spell their tokens. */
  readonly tokens: readonly string[];
  /** The purposes the surface is about. */
  readonly purposes: readonly UsagePurpose[];
  readonly robotsControl: string;
  readonly pageControl: string;
  readonly cannotRead: string;
  readonly doesNotControl: string;
  readonly sources: string;
}

/** What one operator says about the usage signals it reads, and which control governs which product. */
export interface OperatorFacts {
  /** The signals it has published a statement about (a signal missing is `unknown`), or why none. */
  readonly consumers: ConsumerFacts;
  readonly surfaces: readonly SurfaceFacts[];
  /** The explanation shown when usage lines reach its crawlers and it says it does not use them, or null. */
  readonly explainsUnusedLines: ExplanationId | null;
}
