import './resources.css';
import { ResourceOrigins } from './ResourceOrigins';
import type { ResourceOriginView, ResourcesView } from './resource-model';
import { countOf } from '../../lib/shared/plural';

export interface ResourcesProps {
  readonly view: ResourcesView;
  /** Checks the other sites' hosts (shown only when automatic checking is off and some wait). */
  readonly onCheck: () => void;
}

function count(groups: readonly ResourceOriginView[]): number {
  return groups.reduce((sum, g) => sum + g.rows.length, 0);
}

/**
 * The "Page resources" section: the summary line first, then the blocked resources by origin;
 * allowed ones and those not checked yet are one click away (in the DOM even when closed).
 */
export function Resources({ view, onCheck }: ResourcesProps) {
  const blocked = count(view.blocked);
  const allowed = count(view.allowed);
  const unchecked = count(view.unchecked);
  return (
    <section id="resources" class="section" aria-labelledby="resources-title" data-testid="resources">
      <h2 id="resources-title">Page resources</h2>
      <p class="resources-summary" aria-busy={view.loading}>
        {view.summary}
      </p>
      {view.progress ? (
        <p class="muted" role="status" data-testid="resources-progress">
          {view.progress}
        </p>
      ) : null}
      {view.notes.map((note) => (
        <p key={note} class="notice warning">
          {note}
        </p>
      ))}
      {view.waitingHosts > 0 ? (
        <p>
          <button type="button" data-testid="check-resources" onClick={onCheck}>
            Check {countOf(view.waitingHosts, 'other host')}
          </button>{' '}
          <span class="muted">(their robots.txt only)</span>
        </p>
      ) : null}
      {blocked > 0 ? (
        <>
          <h3>Blocked ({blocked})</h3>
          <ResourceOrigins origins={view.blocked} />
        </>
      ) : null}
      {allowed > 0 ? (
        <details>
          <summary>Allowed ({allowed})</summary>
          <ResourceOrigins origins={view.allowed} />
        </details>
      ) : null}
      {unchecked > 0 ? (
        <details>
          <summary>Not checked yet ({unchecked})</summary>
          <ResourceOrigins origins={view.unchecked} />
        </details>
      ) : null}
    </section>
  );
}
