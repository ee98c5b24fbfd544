import { describe, expect, it } from 'vitest';
import { useDemo, useFirefox } from '../support/fixtures';
import { waitForText } from '../support/wait';

// Issue 30: in Firefox's toolbar popup (narrower than Chromium's for the same CSS width, with a
// classic scrollbar) the header's actions wrapped and Probe dropped to a second line.

interface Measured {
  readonly viewport: number;
  readonly scroller: number;
  readonly actions: readonly { readonly name: string; readonly middle: number; readonly right: number }[];
}

describe('the toolbar popup’s header in real Firefox', () => {
  const demo = useDemo();
  const harness = useFirefox();

  it('keeps every header action on one line, Probe included, inside the popup', async () => {
    const page = await harness.openPage(`${demo.sites.blocked.origin}/private/page.html`);
    const popup = await harness.clickAction(page.page);
    await waitForText('the verdict', () => popup.text('[data-testid=verdict]'), /Allowed|Blocked/, 15_000);
    await popup.waitFor('[data-testid=probe]');
    // The sections below the verdict mount after it; their height brings the scrollbar.
    await popup.waitFor('#fetch');
    const measured = await popup.evaluate((): Measured => ({
      viewport: document.documentElement.clientWidth,
      scroller: window.innerWidth - document.documentElement.clientWidth,
      actions: [
        ...document.querySelectorAll<HTMLElement>('.top-bar button, .top-bar a[role=button], .top-bar .test-change'),
      ].map((el) => {
        const box = el.getBoundingClientRect();
        return { name: el.textContent?.trim() ?? '', middle: box.top + box.height / 2, right: box.right };
      }),
    }));
    console.info(`Firefox popup header: ${JSON.stringify(measured)}`);
    const names = measured.actions.map((a) => a.name);
    expect(names).toEqual(expect.arrayContaining(['Copy report', 'Pop out', 'Test a change', 'Probe']));
    // One line: every action's middle within a few pixels of the first's (a link and a button differ by 2).
    const first = measured.actions[0]?.middle ?? 0;
    for (const action of measured.actions) expect(Math.abs(action.middle - first), action.name).toBeLessThan(4);
    expect(Math.max(...measured.actions.map((a) => a.right))).toBeLessThanOrEqual(measured.viewport);
    await popup.close();
    await page.page.close();
  });
});
