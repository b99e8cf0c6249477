import MuiLink, { type LinkProps } from '@mui/material/Link';
import { createLink } from '@tanstack/react-router';
import type { Ref } from 'react';

function AnchorLink(props: LinkProps & { ref?: Ref<HTMLAnchorElement> }) {
  return <MuiLink {...props} />;
}

/**
 * An MUI text link that is a typed router link: `to` and `params` are checked against the route
 * tree, so URLs are never built from strings (ARCHITECTURE.md, "Conventions"). One component per
 * file, so a screen only loads the MUI parts it uses.
 */
export const TextLink = createLink(AnchorLink);
