/**
 * The popup's Use verdict in either browser: the three answers through their hooks
 * (`verdict-use`, `use-answer`; the operator's answer in `data-counted` and `data-counted-line`, kept
 * apart from what the site states, on a file with Content-Signal lines and a Google-Extended group,
 * for Googlebot and PerplexityBot), the deciding source of each (a Cloudflare managed block prepended
 * to the site's rules, path-scoped Content-Usage, a Content-Usage response header, two vocabularies
 * that disagree, a crawl-blocked page, a /.well-known/tdmrep.json rule), the statements in the
 * expanded details (`usage-statement`), the matrix's Use column, and the file view's meaning of each
 * usage line. Run by tests/e2e/use-verdict.test.ts and tests/e2e-firefox/use-verdict.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserKind } from '../support/browser';
import type { SiteName } from '../support/demo-site';
import { useBrowser, useDemo } from '../support/fixtures';
import type { PopupPage } from '../support/popup-page';
import { until } from '../support/wait';

interface UseAnswer {
  readonly answer: string | null;
  readonly text: string;
}

/** The three answers by purpose, in the first screen's order; null until they are drawn. */
const readAnswers = (popup: PopupPage) =>
  popup.page.evaluate(() => {
    const answers = [...document.querySelectorAll<HTMLElement>('[data-testid=verdict-use] [data-testid=use-answer]')];
    if (answers.length === 0) return null;
    return answers.map((e): [string, { answer: string | null; text: string }] => [
      e.dataset.purpose ?? '',
      { answer: e.dataset.answer ?? null, text: e.innerText },
    ]);
  });

/** The sources the expanded details list, each once: whether they count for the site's answer, and their words. */
const readStatements = (popup: PopupPage) =>
  popup.page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid=usage-statement]')].map((e) => ({
      counted: e.dataset.counted ?? null,
      text: e.innerText,
    })),
  );

/** Each purpose's hooks: `[purpose, what the site states, what the operator counts, its robots.txt line]`. */
const readHooks = (popup: PopupPage) =>
  popup.page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid=verdict-use] [data-testid=use-answer]')].map((e) => [
      e.dataset.purpose ?? '',
      e.dataset.answer ?? '',
      e.dataset.counted ?? '',
      e.dataset.countedLine ?? 'absent',
    ]),
  );

export function describeUseVerdict(kind: BrowserKind): void {
  describe(`the Use verdict in ${kind}`, () => {
    const demo = useDemo();
    const browser = useBrowser(kind);

    /** Opens `path` on `site`, then the popup for its tab; waits for the Use answers. */
    async function inspect(site: SiteName, path: string) {
      const { page, tabId } = await browser.openPage(`${demo.sites[site].origin}${path}`);
      const popup = await browser.openPopupForTab(tabId);
      await popup.waitForInspection();
      await until(
        'the Use answers',
        async () => JSON.stringify(await readAnswers(popup)),
        /allowed|statement|applicable/,
      );
      return {
        popup,
        answers: async (): Promise<Record<string, UseAnswer>> => Object.fromEntries((await readAnswers(popup)) ?? []),
        close: async () => {
          await popup.close();
          await page.close();
        },
      };
    }

    /** Waits until the purpose's answer matches `answer` and returns its text. */
    const answerOf = (popup: PopupPage, purpose: string, answer: RegExp) =>
      until(
        `the ${purpose} answer`,
        async () => {
          const found = (await readAnswers(popup))?.find(([p]) => p === purpose)?.[1];
          return found === undefined ? null : `${found.answer ?? ''} | ${found.text}`;
        },
        answer,
      );

    it('names the Cloudflare managed line prepended to the site’s own rules', async () => {
      const { popup, answers, close } = await inspect('fs-cloudflare', '/page');
      await answerOf(
        popup,
        'ai-train',
        /^disallowed \| .*robots\.txt line 3 \(Content-Signal, Cloudflare managed block\)/s,
      );
      const all = await answers();
      expect(all.search?.answer).toBe('allowed');
      expect(all['ai-input']?.answer).toBe('no-statement');
      expect(all['ai-input']?.text).toContain('Site states: nothing');
      await popup.page.click('[data-testid=use-expand]');
      await until(
        'the statements',
        async () => JSON.stringify(await readStatements(popup)),
        /robots\.txt line 3 \(Content-Signal, Cloudflare managed block\)/,
      );
      expect(await popup.page.text('[data-testid=use-consumer]')).toMatch(
        /^Google states it reads .*, as of \d{4}-\d\d-\d\d/,
      );
      // The demo answers every unknown path with its HTML page (a soft 404): said in words, never read as rules.
      expect(await popup.page.waitFor('[data-testid=use-tdmrep]', /tdmrep\.json/)).toBe(
        '/.well-known/tdmrep.json is ignored: the address answers with an HTML page, not JSON.',
      );
      await close();
    });

    it('keeps what the site states apart from what Google and Perplexity count, with their lines', async () => {
      const { popup, close } = await inspect('fs-extended', '/page');
      await popup.pickCrawler('Googlebot');
      await until('Googlebot’s hooks', async () => JSON.stringify(await readHooks(popup)), /"10"/);
      expect(await readHooks(popup)).toEqual([
        ['search', 'allowed', 'no-statement', ''],
        ['ai-input', 'disallowed', 'disallowed', '10'],
        ['ai-train', 'disallowed', 'disallowed', '10'],
      ]);
      const train = await answerOf(popup, 'ai-train', /^disallowed \|/);
      // The Content-Signal line is what the site states; Google counts the Google-Extended group, with its scope.
      expect(train).toContain('Site states: disallowed — robots.txt line 2 (Content-Signal)');
      expect(train).toContain(
        'Google counts: disallowed — robots.txt line 10 (Google-Extended). Gemini only: Search and AI Overviews unaffected',
      );
      expect(await answerOf(popup, 'search', /^allowed \|/)).toContain(
        'Google counts: nothing — it does not use Content-Signal',
      );
      await popup.pickCrawler('PerplexityBot');
      await until(
        'PerplexityBot’s hooks',
        async () => JSON.stringify(await readHooks(popup)),
        /^\[\["search","allowed","no-statement",""\],\["ai-input","disallowed","no-statement",""\]/,
      );
      expect(await readHooks(popup)).toEqual([
        ['search', 'allowed', 'no-statement', ''],
        ['ai-input', 'disallowed', 'no-statement', ''],
        ['ai-train', 'disallowed', 'no-statement', ''],
      ]);
      const perplexity = await answerOf(popup, 'ai-train', /Perplexity counts/);
      expect(perplexity).toContain('Site states: disallowed — robots.txt line 6 (Content-Signal)');
      expect(perplexity).toContain('Perplexity counts: nothing — it has published nothing on Content-Signal');
      await close();
    });

    it('answers not applicable for every purpose on a crawl-blocked page', async () => {
      const { popup, answers, close } = await inspect('fs-usage', '/blocked/page');
      await answerOf(popup, 'ai-train', /^not-applicable/);
      const all = await answers();
      expect(Object.keys(all)).toEqual(['search', 'ai-input', 'ai-train']);
      for (const a of Object.values(all)) {
        expect(a.answer).toBe('not-applicable');
        expect(a.text).toContain('crawl blocked by robots.txt line 2');
      }
      await close();
    });

    it.each([
      { path: '/articles/one', answer: 'disallowed', source: 'robots.txt line 3' },
      { path: '/other', answer: 'allowed', source: 'robots.txt line 4' },
      { path: '/header', answer: 'disallowed', source: 'header Content-Usage' },
      { path: '/conflict', answer: 'disallowed', source: 'header Content-Usage' },
    ])('answers AI training on $path: $answer by $source', async ({ path, answer, source }) => {
      const { popup, answers, close } = await inspect('fs-usage', path);
      const text = await answerOf(popup, 'ai-train', new RegExp(`^${answer} \\|`));
      expect(text).toContain(source);
      const matrixTrain = await until(
        'the matrix’s Use column',
        () =>
          popup.page.evaluate(
            () =>
              document.querySelector('[data-testid=matrix-row][data-crawler=GPTBot]')?.getAttribute('data-use-train') ??
              null,
          ),
        /./,
      );
      expect(matrixTrain).toBe(answer);
      if (path === '/conflict') {
        // Both vocabularies are listed: Content-Signal says yes, Content-Usage's no wins.
        await popup.page.click('[data-testid=use-expand]');
        await until('the sources', async () => JSON.stringify(await readStatements(popup)), /header Content-Usage/);
        const texts = (await readStatements(popup)).map((s) => s.text);
        expect(texts).toContain('header Content-Signal: Search allowed, AI training allowed');
        expect(texts).toContain('header Content-Usage: AI training disallowed');
      }
      if (path === '/header') expect((await answers()).search?.answer).toBe('allowed');
      await close();
    });

    it('reads /.well-known/tdmrep.json: rule 2 reserves AI training, rule 1 leaves /images/ free', async () => {
      const reserved = await inspect('fs-tdmrep', '/article');
      expect(await answerOf(reserved.popup, 'ai-train', /^disallowed \|/)).toContain('/.well-known/tdmrep.json rule 2');
      await reserved.popup.page.click('[data-testid=use-expand]');
      expect(await reserved.popup.page.waitFor('[data-testid=use-tdmrep]', /was read/)).toBe(
        '/.well-known/tdmrep.json was read (HTTP 200).',
      );
      const statements = await readStatements(reserved.popup);
      expect(statements).toContainEqual({ counted: 'true', text: expect.stringContaining('tdmrep.json rule 2') });
      await reserved.close();
      const free = await inspect('fs-tdmrep', '/images/gallery');
      expect(await answerOf(free.popup, 'ai-train', /^allowed \|/)).toContain('/.well-known/tdmrep.json rule 1');
      await free.close();
    });

    it('says in the file view what each usage line means, never “unknown directive”', async () => {
      const { popup, close } = await inspect('fs-usage', '/other');
      const meanings = await until(
        'the usage lines’ meanings',
        async () =>
          JSON.stringify(
            await popup.page.evaluate(() =>
              [...document.querySelectorAll<HTMLElement>('[data-testid=usage-meaning]')].map((e) => [
                e.dataset.line,
                e.innerText.replace(/^↳\s*/, ''),
              ]),
            ),
          ),
        /Content-Usage/,
      );
      expect(JSON.parse(meanings)).toEqual([
        ['3', 'Content-Usage: AI training not allowed under /articles/ (for every crawler).'],
        ['4', 'Content-Usage: AI training allowed (for every crawler).'],
      ]);
      expect(await popup.page.text('#file')).not.toMatch(/not a robots\.txt directive/);
      await close();
    });
  });
}
