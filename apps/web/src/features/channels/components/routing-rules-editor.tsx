import {
  ROUTING_RULE_KINDS,
  ROUTING_RULES_MAX,
  type Channel,
  type RoutingRule,
} from '@livent/shared';
import AddRounded from '@mui/icons-material/AddRounded';
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/forms/select-field';
import { SettingsForm } from '../../../components/forms/settings-form';
import { TextInputField } from '../../../components/forms/text-input-field';
import { BetaNotice } from '../../../components/page/plan-feature-notice';
import { SectionCard } from '../../../components/page/section-card';
import { useSettingsForm } from '../../../lib/events/use-settings-form';
import { channelsQueryOptions } from '../api/channels-api';
import { COUNTRY_CODES, LANGUAGE_CODES, namedCodes } from '../codes';

/**
 * The event's channel routing rules (docs/product-spec.md section 3, "channel routing rules"; ADR 018): by IP
 * address or network, country or browser language to a channel, checked top to bottom. Saved
 * with the event's settings (`PATCH /event-settings/{id}` { channelRoutingRules }).
 */
export function RoutingRulesEditor({ eventId }: { eventId: string }) {
  const { t, i18n } = useTranslation('channels');
  const { data: channels } = useSuspenseQuery(channelsQueryOptions(eventId));
  const settingsForm = useSettingsForm(eventId, ['channelRoutingRules']);
  const { control, register, setValue, formState } = settingsForm.form;
  const { fields, append, remove, move } = useFieldArray({ control, name: 'channelRoutingRules' });
  const rules = useWatch({ control, name: 'channelRoutingRules' });
  const errors = formState.errors.channelRoutingRules;

  const countries = useMemo(
    () => namedCodes(COUNTRY_CODES, 'region', i18n.language),
    [i18n.language],
  );
  const languages = useMemo(
    () => namedCodes(LANGUAGE_CODES, 'language', i18n.language),
    [i18n.language],
  );
  const choose = { value: '', label: t('routing.choose') };
  const kindOptions = ROUTING_RULE_KINDS.map((kind) => ({
    value: kind,
    label: t(`routing.kinds.${kind}`),
  }));
  const channelOptions = (current: string) => [
    ...(channels.some((channel) => channel.id === current) ? [] : [choose]),
    ...channels.map((channel: Channel) => ({
      value: channel.id,
      label: channel.visible ? channel.title : t('routing.hiddenChannel', { title: channel.title }),
    })),
  ];

  const addRule = () =>
    append({ kind: 'language', value: '', channelId: channels[0]?.id ?? '' } as RoutingRule);

  return (
    <SettingsForm settingsForm={settingsForm}>
      <SectionCard
        title={t('routing.title')}
        description={t('routing.description')}
        action={
          <Button
            variant="outlined"
            startIcon={<AddRounded />}
            disabled={channels.length === 0 || fields.length >= ROUTING_RULES_MAX}
            onClick={addRule}
          >
            {t('routing.add')}
          </Button>
        }
      >
        {/* Routing is new: its rules may still change (spec section 6, beta notice). */}
        <Box sx={{ mb: 2 }}>
          <BetaNotice />
        </Box>
        {fields.length === 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {channels.length === 0 ? t('routing.needsChannels') : t('routing.empty')}
          </Typography>
        )}
        <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {fields.map((field, index) => {
            const kind = rules[index]?.kind ?? field.kind;
            const number = index + 1;
            const valueName = `channelRoutingRules.${index}.value` as const;
            const valueError = errors?.[index]?.value?.message;
            return (
              <Box
                component="li"
                key={field.id}
                data-testid="routing-rule"
                aria-label={t('routing.rule', { number })}
                sx={{
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: { xs: '1fr', md: '1fr 1.2fr 1fr auto' },
                  alignItems: 'start',
                  p: 2,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 2,
                  bgcolor: '#FAFAFC',
                }}
              >
                <SelectField
                  label={t('routing.kind')}
                  options={kindOptions}
                  {...register(`channelRoutingRules.${index}.kind`, {
                    onChange: () => setValue(valueName, '', { shouldDirty: true }),
                  })}
                />
                {kind === 'ip' ? (
                  <TextInputField
                    label={t('routing.value')}
                    helperText={t('routing.ipHint')}
                    autoComplete="off"
                    spellCheck={false}
                    error={valueError}
                    {...register(valueName)}
                  />
                ) : (
                  <SelectField
                    label={t('routing.value')}
                    options={[choose, ...(kind === 'country' ? countries : languages)]}
                    error={valueError}
                    {...register(valueName)}
                  />
                )}
                <SelectField
                  label={t('routing.channel')}
                  options={channelOptions(rules[index]?.channelId ?? field.channelId)}
                  error={errors?.[index]?.channelId?.message}
                  {...register(`channelRoutingRules.${index}.channelId`)}
                />
                <Stack
                  direction="row"
                  sx={{ pt: { md: 3.25 }, justifyContent: { xs: 'flex-end', md: 'flex-start' } }}
                >
                  <IconButton
                    size="small"
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                    aria-label={t('routing.moveUp', { number })}
                  >
                    <ArrowUpwardRounded fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    disabled={index === fields.length - 1}
                    onClick={() => move(index, index + 1)}
                    aria-label={t('routing.moveDown', { number })}
                  >
                    <ArrowDownwardRounded fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    onClick={() => remove(index)}
                    aria-label={t('routing.remove', { number })}
                  >
                    <CloseRounded fontSize="small" />
                  </IconButton>
                </Stack>
              </Box>
            );
          })}
        </Stack>
      </SectionCard>
    </SettingsForm>
  );
}
