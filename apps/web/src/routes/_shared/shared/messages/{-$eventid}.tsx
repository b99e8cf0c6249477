import ForumOutlined from '@mui/icons-material/ForumOutlined';
import { createFileRoute, SearchParamError } from '@tanstack/react-router';
// zod/mini: this schema sits in the route tree, which every first load includes.
import * as z from 'zod/mini';
import { ScreenIntro } from '../../../../components/page/screen-intro';
import { pageNotFound } from '../../../../lib/router/not-found';

/** Guests open the inbox with the token from the share link (spec section 2, "Shared routes"). */
const sharedInboxSearchSchema = z.object({ token: z.string().check(z.minLength(1)) });

export const Route = createFileRoute('/_shared/shared/messages/{-$eventid}')({
  staticData: { titleKey: 'sharedMessages' },
  validateSearch: sharedInboxSearchSchema,
  // "A missing token gives a 404 page" (spec section 2): a failed search validation becomes
  // the not-found page instead of the generic error.
  onError: (error: unknown) => {
    if (error instanceof SearchParamError) throw pageNotFound();
  },
  component: SharedInboxScreen,
});

function SharedInboxScreen() {
  return <ScreenIntro screen="sharedMessages" icon={ForumOutlined} />;
}
