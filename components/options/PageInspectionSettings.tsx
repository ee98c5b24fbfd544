import type { MarkColors, Settings } from '../../lib/settings';

export interface PageInspectionSettingsProps {
  readonly settings: Settings;
  readonly onChange: (patch: Partial<Omit<Settings, 'version'>>) => void;
}

const MARKS: readonly { readonly key: keyof MarkColors; readonly label: string }[] = [
  { key: 'blocked', label: 'Links the crawler may not fetch (struck through, framed)' },
  { key: 'nofollow', label: 'rel="nofollow" (dashed underline)' },
  { key: 'ugc', label: 'rel="ugc" (thick underline)' },
  { key: 'sponsored', label: 'rel="sponsored" (shaded)' },
];

/** Page inspection on or off, the robots.txt-only badge, and the colours of the link marks. */
export function PageInspectionSettings({ settings, onChange }: PageInspectionSettingsProps) {
  return (
    <form class="settings" onSubmit={(e) => e.preventDefault()}>
      <div class="field">
        <label>
          <input
            type="checkbox"
            data-testid="page-inspection"
            checked={settings.pageInspection}
            onChange={(e) => onChange({ pageInspection: e.currentTarget.checked })}
          />{' '}
          Read the pages I visit (main-document headers, robots meta tags, canonicals, links)
        </label>
        <p class="hint">
          Kept per tab while it is open, never sent anywhere. Off: only robots.txt is used, and pages opened from then
          on are not read at all.
        </p>
      </div>
      <div class="field">
        <label>
          <input
            type="checkbox"
            data-testid="badge-robots-only"
            checked={settings.badgeRobotsOnly}
            onChange={(e) => onChange({ badgeRobotsOnly: e.currentTarget.checked })}
          />{' '}
          Badge shows the robots.txt verdict only (not combined with noindex, status and canonical)
        </label>
      </div>
      <fieldset class="field">
        <legend>Colours of the link marks</legend>
        {MARKS.map(({ key, label }) => (
          <label key={key} class="color-field">
            <input
              type="color"
              data-testid={`mark-color-${key}`}
              value={settings.markColors[key]}
              onChange={(e) => onChange({ markColors: { ...settings.markColors, [key]: e.currentTarget.value } })}
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
    </form>
  );
}
