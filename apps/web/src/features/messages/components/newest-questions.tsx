import ForumOutlined from '@mui/icons-material/ForumOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/links/button-link';
import { SectionCard } from '../../../components/page/section-card';
import { SectionLoading } from '../../../components/page/section-loading';
import { FormAlert } from '../../../components/forms/form-alert';
import { newestQuestionsQueryOptions } from '../../../lib/events/messages';
import { useDateTimeFormat } from '../../../lib/format/date-time';
import { StatusChip } from './status-chip';

/**
 * The inbox's newest questions in the control room (docs/decisions/060-control-room.md), read
 * again every few seconds, with the way into the inbox to answer them.
 */
export function NewestQuestions({ eventId }: { eventId: string }) {
  const { t } = useTranslation('messages');
  const format = useDateTimeFormat();
  const questions = useQuery(newestQuestionsQueryOptions(eventId));
  return (
    <SectionCard
      title={t('newest.title')}
      action={
        <ButtonLink
          to="/events/$eventid/messages"
          params={{ eventid: eventId }}
          startIcon={<ForumOutlined />}
        >
          {t('newest.openInbox')}
        </ButtonLink>
      }
    >
      {questions.isPending ? (
        <SectionLoading label={t('newest.loading')} />
      ) : questions.isError ? (
        <FormAlert>{t('newest.loadFailed')}</FormAlert>
      ) : questions.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('newest.none')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {questions.data.map((message) => (
            <Box
              component="li"
              key={message.id}
              sx={{ listStyle: 'none', borderBottom: 1, borderColor: 'divider', pb: 1.5 }}
            >
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {message.text}
              </Typography>
              <Box
                sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}
              >
                <StatusChip status={message.status} />
                <Typography variant="caption" color="text.secondary">
                  {message.authorName || t('list.anonymous')} · {format.time(message.createdAt)}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </SectionCard>
  );
}
