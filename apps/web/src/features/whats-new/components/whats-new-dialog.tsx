import type { Language } from '@livent/shared';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveSettings } from '../../../lib/auth/settings';
import { useCurrentUser } from '../../../lib/auth/use-auth';
import { changelogQueryOptions } from '../api/changelog-query';
import { hasNews, isFirstVisit, newestDate, newsSince } from '../whats-new';
import { IconTile } from '../../../components/page/icon-tile';

/** docs/product-spec.md section 2, "Banners and dialog": the what's-new dialog (width 700). */
export const WHATS_NEW_WIDTH = 700;

/**
 * Opens on load when the changelog has entries newer than the user's `whatsnewSeen` and lists
 * them with their dates. Confirming or cancelling (also Escape or a click outside) marks the
 * newest date seen, silently (no "saved" notice).
 */
export function WhatsNewDialog() {
  const { t, i18n } = useTranslation('dashboard');
  const language = (i18n.resolvedLanguage ?? 'en') as Language;
  const user = useCurrentUser();
  const seen = user.settings.whatsnewSeen;
  const { data: entries = [] } = useQuery(changelogQueryOptions(language));
  const [closed, setClosed] = useState(false);
  const titleId = useId();
  const open = !closed && hasNews(entries, seen);
  const dateFormat = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' });

  const markSeen = () => {
    setClosed(true);
    const newest = newestDate(entries);
    // Silent: failing to remember only means the dialog shows again next time.
    if (newest) void saveSettings({ whatsnewSeen: newest }).catch(() => undefined);
  };
  // A new account starts from today's version: the next release is its first news.
  const firstVisit = isFirstVisit(entries, seen);
  const newest = newestDate(entries);
  useEffect(() => {
    if (firstVisit && newest) void saveSettings({ whatsnewSeen: newest }).catch(() => undefined);
  }, [firstVisit, newest]);

  return (
    <Dialog
      open={open}
      onClose={markSeen}
      aria-labelledby={titleId}
      maxWidth={false}
      slotProps={{ paper: { sx: { width: WHATS_NEW_WIDTH, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, pb: 1 }}>
        <IconTile icon={AutoAwesomeOutlined} size={36} />
        {t('whatsNew.title')}
      </DialogTitle>
      <DialogContent>
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('whatsNew.intro')}</Typography>
        {newsSince(entries, seen).map(({ date, texts }) => (
          <Box key={date} component="section" sx={{ '& + &': { mt: 2.5 } }}>
            <Typography
              component="h3"
              variant="overline"
              sx={{ color: 'text.secondary', display: 'block', lineHeight: 2 }}
            >
              <time dateTime={date}>{dateFormat.format(new Date(`${date}T00:00:00Z`))}</time>
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1.25 }}>
              {texts.map((text) => (
                <Typography component="li" key={text} sx={{ pl: 0.5 }}>
                  {text}
                </Typography>
              ))}
            </Box>
          </Box>
        ))}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, pt: 1.5 }}>
        <Button onClick={markSeen} color="inherit">
          {t('whatsNew.later')}
        </Button>
        <Button onClick={markSeen} variant="contained">
          {t('whatsNew.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
