import ListItemButton, { type ListItemButtonProps } from '@mui/material/ListItemButton';
import { createLink } from '@tanstack/react-router';
import type { Ref } from 'react';

function AnchorListItemButton(props: ListItemButtonProps<'a'> & { ref?: Ref<HTMLAnchorElement> }) {
  return <ListItemButton component="a" {...props} />;
}

/** An MUI list item button that is a typed router link (side navigation). */
export const ListItemLink = createLink(AnchorListItemButton);
