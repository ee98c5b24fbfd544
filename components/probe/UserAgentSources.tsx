import { CRAWLER_USER_AGENTS, USER_AGENTS_CHECKED } from '../../lib/probe/user-agents';

/** Where each crawler's User-Agent string comes from: the operator's page, or a plain "not documented". */
export function UserAgentSources() {
  const documented = CRAWLER_USER_AGENTS.filter((e) => e.source.documented).length;
  return (
    <details class="probe-ua-sources" data-testid="probe-ua-sources">
      <summary>
        Where these User-Agent strings come from ({documented} of {CRAWLER_USER_AGENTS.length} from the operator’s own
        page, checked {USER_AGENTS_CHECKED})
      </summary>
      <p class="muted">
        A probe sends each crawler’s full User-Agent string. Where the operator documents it, ours is the operator’s;
        where it does not, the string is our best guess and says so.
      </p>
      <dl>
        {CRAWLER_USER_AGENTS.map((entry) => (
          <div key={entry.token} data-testid="probe-ua-source" data-token={entry.token}>
            <dt>{entry.token}:</dt>
            <dd>
              <code>{entry.userAgent}</code>
              <br />
              {entry.source.documented ? (
                <>
                  From {entry.operator}’s page “{entry.source.page}” (
                  <a href={entry.source.url} target="_blank" rel="noreferrer">
                    {entry.source.url}
                  </a>
                  ), checked {entry.checked}.{' '}
                </>
              ) : (
                <>Checked {entry.checked}. </>
              )}
              {entry.basis}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
