import { AUDIT_MASK, type AuditChange, type AuditEntry } from '@livent/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Catalogues } from '../../../lib/i18n/resources';

/** Changes shown before "Show all": a save of many fields stays a few lines in the table. */
export const CHANGES_SHOWN = 3;

type SettingField = keyof Catalogues['audit']['settingFields'];

function isChangeList(value: unknown): value is AuditChange[] {
  return (
    Array.isArray(value) &&
    value.every((item) => typeof item === 'object' && item !== null && 'field' in item)
  );
}

/** A value as the details show it: texts quoted, nothing as a dash, a secret as it was masked. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (value === AUDIT_MASK) return AUDIT_MASK;
  if (typeof value === 'string') return `'${value}'`;
  return JSON.stringify(value);
}

/**
 * What an entry changed: for settings "Title: 'A' → 'B'", one line per field, the first few and
 * the rest behind "Show all"; for other actions their facts ("from → to", an address, a name).
 */
export function AuditDetails({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation('audit');
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const { changes, ...facts } = entry.details;

  const fieldLabel = (field: string) => {
    const [first = field, ...rest] = field.split('.');
    const key = `settingFields.${first}`;
    const label = i18n.exists(key, { ns: 'audit' })
      ? t(key as `settingFields.${SettingField}`)
      : first;
    // A list's items count from one, as people count them: "Menu #1 › name".
    const path = rest.map((part) => (/^\d+$/.test(part) ? `#${Number(part) + 1}` : part));
    return path.length > 0 ? `${label} ${path.join(' › ')}` : label;
  };

  if (isChangeList(changes)) {
    const visible = expanded ? changes : changes.slice(0, CHANGES_SHOWN);
    return (
      <Box sx={{ minWidth: 240 }}>
        <Box component="ul" id={listId} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {visible.map((change) => (
            <Typography
              component="li"
              variant="body2"
              key={change.field}
              sx={{ wordBreak: 'break-word' }}
            >
              {fieldLabel(change.field)}: {shown(change.from)} → {shown(change.to)}
            </Typography>
          ))}
        </Box>
        {changes.length > CHANGES_SHOWN && (
          <Button
            size="small"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => setExpanded((value) => !value)}
            sx={{ px: 0.5, minWidth: 0 }}
          >
            {expanded ? t('showLess') : t('showAll', { count: changes.length })}
          </Button>
        )}
      </Box>
    );
  }
  if ('from' in facts && 'to' in facts) {
    return (
      <Typography variant="body2" sx={{ minWidth: 240, wordBreak: 'break-word' }}>
        {shown(facts.from)} → {shown(facts.to)}
      </Typography>
    );
  }
  const text = Object.values(facts)
    .filter((value) => typeof value === 'string' || typeof value === 'number')
    .join(', ');
  return (
    <Typography
      variant="body2"
      sx={{ minWidth: 240, wordBreak: 'break-word', color: 'text.secondary' }}
    >
      {text || '—'}
    </Typography>
  );
}
