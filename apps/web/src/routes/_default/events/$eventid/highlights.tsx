import Stack from '@mui/material/Stack';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/page/page-header';
import { highlightsQueryOptions } from '../../../../lib/events/highlights';
import { HighlightsList } from '../../../../features/event-design/components/highlights-list';
import { HighlightsStyleForm } from '../../../../features/event-design/components/highlights-style-form';
import { loadEditorScreen } from '../../../../lib/events/editor-loader';
import { orEventUnavailable } from '../../../../lib/events/event-settings';

export const Route = createFileRoute('/_default/events/$eventid/highlights')({
  staticData: { titleKey: 'highlights' },
  loader: ({ context, params }) =>
    Promise.all([
      loadEditorScreen(context.queryClient, params.eventid, 'design'),
      orEventUnavailable(
        context.queryClient.ensureQueryData(highlightsQueryOptions(params.eventid)),
      ),
    ]),
  component: HighlightsScreen,
});

/** Highlights and their styling (docs/product-spec.md section 2, "highlights"). */
function HighlightsScreen() {
  const { eventid } = Route.useParams();
  const { t } = useTranslation(['common', 'screens']);
  return (
    <>
      <PageHeader title={t('headings.highlights')} description={t('screens:highlights')} />
      <Stack spacing={3}>
        <HighlightsList key={`list-${eventid}`} eventId={eventid} />
        <HighlightsStyleForm key={`style-${eventid}`} eventId={eventid} />
      </Stack>
    </>
  );
}
