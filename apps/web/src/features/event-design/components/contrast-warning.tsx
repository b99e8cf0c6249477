import { contrastShortfalls, type ContrastColors } from '@livent/shared';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';

/**
 * The saved colours' pairs that read badly on the event page, each named with its contrast
 * ratio and the least WCAG AA asks for (ADR 052). A warning, never a refusal: the organiser
 * decides, but knows. Shown from the saved settings, so it appears when a save brought a pair
 * below AA and goes when a save fixed it.
 */
export function ContrastWarning({ colors }: { colors: ContrastColors }) {
  const { t, i18n } = useTranslation('design');
  const shortfalls = contrastShortfalls(colors);
  if (shortfalls.length === 0) return null;
  const ratio = (value: number) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(value);
  return (
    <Alert severity="warning" role="status">
      {t('appearance.contrast.title')}
      <ul style={{ margin: '8px 0 0', paddingInlineStart: '1.2em' }}>
        {shortfalls.map((shortfall) => (
          <li key={`${shortfall.foreground}-${shortfall.background}`}>
            {t('appearance.contrast.pair', {
              foreground: t(`appearance.colors.${shortfall.foreground}`),
              background: t(`appearance.colors.${shortfall.background}`),
              ratio: ratio(shortfall.ratio),
              minimum: ratio(shortfall.minimum),
            })}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
