import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { TextInputField } from '../../../components/forms/text-input-field';
import { Notice } from '../../../components/page/notice';
import { notify } from '../../../lib/notifications';
import { guestTokenFragment } from '../../../lib/router/guest-link';

/**
 * What the next save does with the guest token (ADR 025): `renew` makes a new one (or the first),
 * `null` removes it, `undefined` leaves it. The server makes the token, so nothing else is sent.
 */
export type GuestTokenAction = 'renew' | null | undefined;

/** The share link of the guest inbox: the dashboard's origin, the typed route, the token in the fragment. */
export function useGuestInboxLink(eventId: string, token: string): string {
  const router = useRouter();
  const { href } = router.buildLocation({
    to: '/shared/messages/{-$eventid}',
    params: { eventid: eventId },
    hash: guestTokenFragment(token),
  });
  return new URL(href, window.location.origin).toString();
}

function ShareLink({ eventId, token }: { eventId: string; token: string }) {
  const { t } = useTranslation('editor');
  const link = useGuestInboxLink(eventId, token);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notify({ type: 'success', message: t('interaction.guest.copied') });
    } catch {
      notify({ type: 'error', message: t('interaction.guest.copyFailed') });
    }
  };
  return (
    <TextInputField
      label={t('interaction.guest.link')}
      helperText={t('interaction.guest.linkHint')}
      value={link}
      readOnly
      data-testid="guest-inbox-link"
      onFocus={(event) => event.currentTarget.select()}
      sx={{ fontFamily: 'ui-monospace, monospace', fontSize: '0.8125rem' }}
      endAdornment={
        <Tooltip title={t('interaction.guest.copy')}>
          <IconButton size="small" aria-label={t('interaction.guest.copy')} onClick={copy}>
            <ContentCopyOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      }
    />
  );
}

/**
 * Guest moderators (docs/product-spec.md section 4, "messages guest-access token"; ADR 025):
 * enable, renew or remove the token of the share link. Each only marks the change; it takes
 * effect when the event is saved. Renewing and removing end the link guests hold, so they ask
 * first.
 */
export function MessagesGuestAccess({
  eventId,
  token,
  action,
  onAction,
}: {
  eventId: string;
  /** The saved token, or null. */
  token: string | null;
  action: GuestTokenAction;
  onAction: (action: GuestTokenAction) => void;
}) {
  const { t } = useTranslation('editor');
  const [confirming, setConfirming] = useState<'renew' | 'remove' | undefined>();
  const undo = (
    <Button size="small" color="inherit" onClick={() => onAction(undefined)}>
      {t('interaction.guest.undo')}
    </Button>
  );
  const pending =
    action === 'renew'
      ? token
        ? t('interaction.guest.willRenew')
        : t('interaction.guest.willCreate')
      : action === null
        ? t('interaction.guest.willRemove')
        : undefined;

  return (
    <Stack spacing={2} data-testid="guest-access">
      <Box>
        <Typography sx={{ fontSize: '0.875rem', fontWeight: 500, lineHeight: 1.4 }}>
          {t('interaction.guest.title')}
        </Typography>
        <Typography
          variant="body2"
          sx={{ color: 'text.secondary', mt: 0.25, fontSize: '0.8125rem' }}
        >
          {t('interaction.guest.description')}
        </Typography>
      </Box>
      {token && action !== null && <ShareLink eventId={eventId} token={token} />}
      {pending && (
        <Notice severity="info" action={undo}>
          {pending}
        </Notice>
      )}
      {action === undefined && (
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {token ? (
            <>
              <Button variant="outlined" size="small" onClick={() => setConfirming('renew')}>
                {t('interaction.guest.renew')}
              </Button>
              <Button
                variant="outlined"
                size="small"
                color="error"
                onClick={() => setConfirming('remove')}
              >
                {t('interaction.guest.remove')}
              </Button>
            </>
          ) : (
            <Button variant="outlined" size="small" onClick={() => onAction('renew')}>
              {t('interaction.guest.enable')}
            </Button>
          )}
        </Stack>
      )}
      <ConfirmDialog
        open={confirming !== undefined}
        title={
          confirming === 'remove'
            ? t('interaction.guest.confirmRemoveTitle')
            : t('interaction.guest.confirmRenewTitle')
        }
        message={
          confirming === 'remove'
            ? t('interaction.guest.confirmRemoveText')
            : t('interaction.guest.confirmRenewText')
        }
        confirmLabel={
          confirming === 'remove' ? t('interaction.guest.remove') : t('interaction.guest.renew')
        }
        destructive={confirming === 'remove'}
        onClose={() => setConfirming(undefined)}
        onConfirm={() => {
          onAction(confirming === 'remove' ? null : 'renew');
          setConfirming(undefined);
        }}
      />
    </Stack>
  );
}
