import ForumOutlined from '@mui/icons-material/ForumOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../../components/page/screen-intro';
import { pageNotFound } from '../../../../lib/router/not-found';

/**
 * Guests open the inbox with the token from the share link (docs/product-spec.md section 2, "Shared routes").
 * Checked by hand rather than with zod: this function sits in the route tree, which every first
 * load includes, and one string check does not justify a schema library there.
 */
function validateSharedInboxSearch(search: Record<string, unknown>): { token: string } {
  return { token: typeof search.token === 'string' ? search.token : '' };
}

export const Route = createFileRoute('/_shared/shared/messages/{-$eventid}')({
  staticData: { titleKey: 'sharedMessages' },
  validateSearch: validateSharedInboxSearch,
  // "A missing token gives a 404 page" (docs/product-spec.md section 2).
  beforeLoad: ({ search }) => {
    if (!search.token) throw pageNotFound();
  },
  component: SharedInboxScreen,
});

function SharedInboxScreen() {
  return <ScreenIntro screen="sharedMessages" icon={ForumOutlined} />;
}
