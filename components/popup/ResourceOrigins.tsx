import { ResourceItem } from './ResourceItem';
import type { ResourceOriginView } from './resource-model';

/** Resources grouped by origin, each origin with its robots.txt status. */
export function ResourceOrigins({ origins }: { origins: readonly ResourceOriginView[] }) {
  return (
    <ul class="resource-origins">
      {origins.map((group) => (
        <li key={group.origin} class="resource-origin" data-origin={group.origin}>
          <div class="resource-origin-head">
            <code>{group.origin}</code> <span class="muted">{group.status}</span>
          </div>
          <ul class="resource-list">
            {group.rows.map((row) => (
              <ResourceItem key={row.url} row={row} />
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
