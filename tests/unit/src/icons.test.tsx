import ListAltIcon from '@mui/icons-material/ListAlt';
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { iconFor, isIconName } from '../../../src/layout/icons';

// Icons by any @mui/icons-material name, loaded lazily, with no hand-kept map (issue 8).
describe('iconFor', () => {
  it('knows every filled icon by name, also with a small first letter, and no variant or unknown name', () => {
    for (const name of ['Landscape', 'ShowChart', 'MonitorHeart', 'museum', 'AccountBalance']) expect(isIconName(name), name).toBe(true);
    for (const name of ['LandscapeOutlined', 'NoSuchIcon', '', null, undefined]) expect(isIconName(name), String(name)).toBe(false);
  });

  it('shows the fallback while the icon loads, then the named icon', async () => {
    const Icon = iconFor('Landscape');
    expect(Icon).not.toBe(ListAltIcon);
    // The same component each time (menus re-render often).
    expect(iconFor('Landscape')).toBe(Icon);
    const { container } = render(<Icon />);
    expect(container.querySelector('[data-testid="ListAltIcon"]')).not.toBeNull();
    await waitFor(() => expect(container.querySelector('[data-testid="LandscapeIcon"]')).not.toBeNull(), { timeout: 10_000 });
  });

  it('gives the fallback for an unknown name', () => {
    expect(iconFor('NoSuchIcon')).toBe(ListAltIcon);
    expect(iconFor(undefined)).toBe(ListAltIcon);
  });
});
