import Button, { type ButtonProps } from '@mui/material/Button';
import { createLink } from '@tanstack/react-router';
import type { Ref } from 'react';

function AnchorButton(props: ButtonProps<'a'> & { ref?: Ref<HTMLAnchorElement> }) {
  return <Button component="a" {...props} />;
}

/** An MUI button that is a typed router link (TanStack Router "Custom Link" guide). */
export const ButtonLink = createLink(AnchorButton);
