import type { ResourceRow } from './resource-model';

/** One resource: its kind, path and what decided its verdict. The full URL is its title. */
export function ResourceItem({ row }: { row: ResourceRow }) {
  const tone = row.blocked === null ? 'pending' : row.blocked ? 'blocked' : 'allowed';
  return (
    <li
      class={`resource tone-${tone}`}
      data-testid="resource"
      data-url={row.url}
      data-type={row.type}
      {...(row.blocked === null ? {} : { 'data-blocked': String(row.blocked) })}
    >
      <span class="resource-type">{row.type}</span>{' '}
      <code class="resource-path" title={row.url}>
        {row.path}
      </code>{' '}
      <span class="resource-reason">{row.reason}</span>
    </li>
  );
}
