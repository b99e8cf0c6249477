import { HIGHLIGHT_ALIGNS, HIGHLIGHT_SIZES } from '@livent/shared';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { SettingsForm } from '../../../components/forms/settings-form';
import { SectionCard } from '../../../components/page/section-card';
import { useSettingsForm } from '../../../lib/events/use-settings-form';
import { ChoiceCards } from './choice-cards';

const TILE = 'rgba(99, 102, 241, 0.22)';

function Preview({ children }: { children: React.ReactNode }) {
  return (
    <Box
      aria-hidden="true"
      sx={{
        height: 56,
        borderRadius: 1.5,
        border: 1,
        borderColor: 'divider',
        bgcolor: '#F8FAFC',
        p: 1,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        gap: 0.75,
      }}
    >
      {children}
    </Box>
  );
}

function SizePreview({ size }: { size: (typeof HIGHLIGHT_SIZES)[number] }) {
  const count = size === 'large' ? 2 : 4;
  return (
    <Preview>
      <Box sx={{ display: 'grid', gap: 0.75, gridTemplateColumns: `repeat(${count}, 1fr)` }}>
        {Array.from({ length: count }, (_, index) => (
          <Box
            key={index}
            sx={{ height: size === 'large' ? 32 : 22, borderRadius: 0.75, bgcolor: TILE }}
          />
        ))}
      </Box>
    </Preview>
  );
}

function AlignPreview({ align }: { align: (typeof HIGHLIGHT_ALIGNS)[number] }) {
  const alignItems = { left: 'flex-start', center: 'center', right: 'flex-end' }[align];
  return (
    <Preview>
      <Stack spacing={0.75} sx={{ alignItems }}>
        {['70%', '90%', '50%'].map((width) => (
          <Box
            key={width}
            sx={{ width, height: 4, borderRadius: 1, bgcolor: 'rgba(15, 23, 42, 0.2)' }}
          />
        ))}
      </Stack>
    </Preview>
  );
}

/** How the public page shows the highlights: size and text alignment (docs/product-spec.md section 3). */
export function HighlightsStyleForm({ eventId }: { eventId: string }) {
  const { t } = useTranslation('design');
  const settingsForm = useSettingsForm(eventId, ['highlightsSize', 'highlightsAlign']);
  const { register } = settingsForm.form;
  return (
    <SettingsForm settingsForm={settingsForm}>
      <SectionCard
        title={t('highlights.style.title')}
        description={t('highlights.style.description')}
      >
        <Stack spacing={3}>
          <ChoiceCards
            legend={t('highlights.style.size')}
            columns={{ xs: 2, sm: 2, md: 3 }}
            field={register('highlightsSize')}
            choices={HIGHLIGHT_SIZES.map((size) => ({
              value: size,
              label: t(`highlights.style.sizes.${size}`),
              illustration: <SizePreview size={size} />,
            }))}
          />
          <ChoiceCards
            legend={t('highlights.style.align')}
            columns={{ xs: 3 }}
            field={register('highlightsAlign')}
            choices={HIGHLIGHT_ALIGNS.map((align) => ({
              value: align,
              label: t(`highlights.style.aligns.${align}`),
              illustration: <AlignPreview align={align} />,
            }))}
          />
        </Stack>
      </SectionCard>
    </SettingsForm>
  );
}
