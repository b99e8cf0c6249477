import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { visuallyHidden } from '../../../components/visually-hidden';

export interface Choice {
  value: string;
  label: string;
  description?: string;
  /** A small picture of the choice above its label (layouts, header layouts). */
  illustration?: ReactNode;
}

/**
 * A set of options as selectable cards: native radio buttons (keyboard arrows, form reset and
 * screen readers work as usual) under a fieldset with its legend. Spread react-hook-form's
 * `register(name)` as `field`.
 */
export function ChoiceCards({
  legend,
  choices,
  field,
  columns = { xs: 1, sm: 3 },
  disabled,
}: {
  legend: string;
  choices: readonly Choice[];
  field: UseFormRegisterReturn;
  columns?: { xs: number; sm?: number; md?: number };
  disabled?: boolean;
}) {
  const id = useId();
  const gridColumns = Object.fromEntries(
    Object.entries(columns).map(([breakpoint, count]) => [breakpoint, `repeat(${count}, 1fr)`]),
  );
  return (
    <Box component="fieldset" disabled={disabled} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Box
        component="legend"
        sx={{ p: 0, mb: 1, fontSize: '0.875rem', fontWeight: 500, color: 'text.primary' }}
      >
        {legend}
      </Box>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: gridColumns }}>
        {choices.map((choice) => {
          const inputId = `${id}-${choice.value}`;
          return (
            <Box
              key={choice.value}
              component="label"
              htmlFor={inputId}
              sx={(theme) => ({
                position: 'relative',
                display: 'flex',
                flexDirection: 'column',
                gap: 1,
                p: 1.5,
                borderRadius: 2,
                border: '1px solid rgba(15, 23, 42, 0.16)',
                bgcolor: 'background.paper',
                cursor: disabled ? 'not-allowed' : 'pointer',
                opacity: disabled ? 0.6 : 1,
                transition: 'border-color 120ms ease, box-shadow 120ms ease',
                '&:hover': disabled ? {} : { borderColor: 'rgba(15, 23, 42, 0.36)' },
                '&:has(input:checked)': {
                  borderColor: theme.palette.primary.main,
                  boxShadow: `0 0 0 1px ${theme.palette.primary.main}`,
                  bgcolor: alpha(theme.palette.primary.main, 0.04),
                },
                '&:has(input:focus-visible)': {
                  outline: `2px solid ${theme.palette.primary.main}`,
                  outlineOffset: 2,
                },
              })}
            >
              <Box
                component="input"
                type="radio"
                id={inputId}
                value={choice.value}
                // The card's label names the choice; its description (inside the same <label>)
                // describes it rather than lengthening the name.
                aria-labelledby={`${inputId}-label`}
                aria-describedby={choice.description ? `${inputId}-text` : undefined}
                sx={visuallyHidden}
                {...field}
              />
              {choice.illustration}
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Box
                  aria-hidden="true"
                  sx={(theme) => ({
                    width: 16,
                    height: 16,
                    flexShrink: 0,
                    borderRadius: '50%',
                    border: '2px solid rgba(15, 23, 42, 0.3)',
                    'label:has(input:checked) > div > &': {
                      borderColor: theme.palette.primary.main,
                      boxShadow: `inset 0 0 0 3px ${theme.palette.background.paper}`,
                      bgcolor: theme.palette.primary.main,
                    },
                  })}
                />
                <Box
                  component="span"
                  id={`${inputId}-label`}
                  sx={{ fontSize: '0.875rem', fontWeight: 500 }}
                >
                  {choice.label}
                </Box>
              </Box>
              {choice.description && (
                <Box
                  component="span"
                  id={`${inputId}-text`}
                  sx={{ fontSize: '0.8125rem', color: 'text.secondary', lineHeight: 1.45 }}
                >
                  {choice.description}
                </Box>
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
