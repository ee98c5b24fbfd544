import type { GoogleBehaviour } from '../../lib/robots/types';

export interface GoogleSpecificNotesProps {
  readonly behaviours: readonly GoogleBehaviour[];
}

/** Returns one sentence about a Google-only behaviour (docs/semantics/robots.md §5). */
function describeGoogleBehaviour(b: GoogleBehaviour): string {
  switch (b.kind) {
    case 'index-html':
      return `The Allow on line ${b.line} also covers its directory itself, through Google’s index.html rule; RFC 9309 has no such rule.`;
    case 'typo-key':
      return `Line ${b.line} is written “${b.written}”: Google accepts this key, other parsers may ignore the line.`;
    case 'missing-colon':
      return `Line ${b.line} has no colon: Google reads it as a rule anyway, other parsers may not.`;
    case 'truncated-agent':
      return `User-agent “${b.value}” on line ${b.line} is read by Google as “${b.token}” (only letters, “-” and “_” count).`;
    case 'line-cut':
      return `Line ${b.line} is longer than 16,663 bytes: Google cut it, which changed the rule.`;
  }
}

/** Google-specific behaviours that decided the verdict, each labelled "Google-specific". */
export function GoogleSpecificNotes({ behaviours }: GoogleSpecificNotesProps) {
  if (behaviours.length === 0) return null;
  return (
    <ul class="google-specific" aria-label="Google-specific behaviour">
      {behaviours.map((b) => (
        <li key={`${b.kind}:${b.line}`}>
          <span class="tag">Google-specific</span> {describeGoogleBehaviour(b)}
        </li>
      ))}
    </ul>
  );
}
