import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import { createLink } from '@tanstack/react-router';
import type { Ref } from 'react';

function AnchorIconButton(props: IconButtonProps<'a'> & { ref?: Ref<HTMLAnchorElement> }) {
  return <IconButton component="a" {...props} />;
}

/** An MUI icon button that is a typed router link. */
export const IconButtonLink = createLink(AnchorIconButton);
