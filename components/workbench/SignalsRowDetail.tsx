import { purposeLabel } from '../../lib/usage';
import { describeLensMask, describeUseCode, type SideSignals, SIGNAL_PURPOSES } from '../../lib/workbench';

export interface SignalsRowDetailProps {
  /** The selected cell (URL × crawler). */
  readonly cell: number;
  readonly url: string;
  readonly crawlerName: string;
  readonly signals: SideSignals;
}

/** The selected row's Use answers (live and draft) and the parsers that read it otherwise than Google. */
export function SignalsRowDetail({ cell, url, crawlerName, signals }: SignalsRowDetailProps) {
  const { use, lens } = signals;
  if (use === null && lens === null) return null;
  return (
    <div class="wb-signals-row" data-testid="signals-row" data-url={url}>
      <p>
        <strong>{url}</strong> for {crawlerName}
      </p>
      {use === null ? null : (
        <table class="wb-use-table">
          <caption class="muted">Use, from robots.txt only</caption>
          <thead>
            <tr>
              <th scope="col">Purpose</th>
              <th scope="col">Live</th>
              <th scope="col">Draft</th>
            </tr>
          </thead>
          <tbody>
            {SIGNAL_PURPOSES.map((purpose, p) => {
              const before = describeUseCode(use.live[cell * 3 + p] as number);
              const after = describeUseCode(use.draft[cell * 3 + p] as number);
              return (
                <tr
                  key={purpose}
                  data-testid="signals-row-use"
                  data-purpose={purpose}
                  class={before === after ? '' : 'changed'}
                >
                  <th scope="row">{purposeLabel(purpose)}</th>
                  <td>{before}</td>
                  <td>{after}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {lens === null ? null : (
        <p data-testid="signals-row-lens">
          Parsers that differ from Google: live file {describeLensMask(lens.live[cell] as number) || 'none'}; draft{' '}
          {describeLensMask(lens.draft[cell] as number) || 'none'}.
        </p>
      )}
    </div>
  );
}
