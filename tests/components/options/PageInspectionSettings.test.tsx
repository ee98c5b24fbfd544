import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageInspectionSettings } from '../../../components/options/PageInspectionSettings';
import { DEFAULT_SETTINGS } from '../../../lib/settings';
import { parseSettingsPatch } from '../../../lib/settings-schema';

afterEach(cleanup);

describe('PageInspectionSettings', () => {
  it('turns page inspection off, keeps the robots.txt-only badge, and sets a mark colour the worker accepts', () => {
    const onChange = vi.fn();
    render(<PageInspectionSettings settings={DEFAULT_SETTINGS} onChange={onChange} />);
    fireEvent.click(screen.getByTestId('page-inspection'));
    expect(onChange).toHaveBeenLastCalledWith({ pageInspection: false });
    fireEvent.click(screen.getByTestId('badge-robots-only'));
    expect(onChange).toHaveBeenLastCalledWith({ badgeRobotsOnly: true });
    const color = screen.getByTestId<HTMLInputElement>('mark-color-ugc');
    color.value = '#123456';
    fireEvent.change(color);
    const patch = onChange.mock.lastCall?.[0] as object;
    expect(patch).toEqual({ markColors: { ...DEFAULT_SETTINGS.markColors, ugc: '#123456' } });
    expect(parseSettingsPatch(patch).kind).toBe('valid');
  });

  it('the worker refuses a colour that is not #rrggbb (it ends up in a stylesheet)', () => {
    expect(
      parseSettingsPatch({ markColors: { ...DEFAULT_SETTINGS.markColors, blocked: 'red}body{display:none' } }).kind,
    ).toBe('invalid');
  });
});
