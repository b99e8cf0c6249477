import { DEFAULT_EVENT_SETTINGS } from '@livent/shared';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadNamespaces } from '../../lib/i18n/i18n';
import { ContrastWarning } from './components/contrast-warning';

beforeAll(async () => {
  await loadNamespaces('design');
});

describe('contrast warning', () => {
  it('says nothing for colours that read well', () => {
    const { container } = render(<ContrastWarning colors={DEFAULT_EVENT_SETTINGS} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('names each pair below AA with its ratio, as a warning that refuses nothing', async () => {
    const { unmount } = render(
      <ContrastWarning
        colors={{
          ...DEFAULT_EVENT_SETTINGS,
          textColor: '#999999',
          backgroundColor: '#ffffff',
          headerColor: '#ffffff',
          headerTextColor: '#dddddd',
        }}
      />,
    );
    const warning = screen.getByRole('status');
    expect(warning).toHaveTextContent('Some colours are hard to read on the event page.');
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      'Text on Background: contrast 2.84:1, at least 4.5:1 is needed.',
      'Header text on Header background: contrast 1.35:1, at least 4.5:1 is needed.',
    ]);
    unmount();
    await i18n.changeLanguage('de');
    try {
      render(
        <ContrastWarning
          colors={{ ...DEFAULT_EVENT_SETTINGS, textColor: '#999999', backgroundColor: '#ffffff' }}
        />,
      );
      expect(
        screen.getByText('Text auf Hintergrund: Kontrast 2,84:1, nötig sind mindestens 4,5:1.'),
      ).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
