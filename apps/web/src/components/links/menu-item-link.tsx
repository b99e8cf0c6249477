import MenuItem, { type MenuItemProps } from '@mui/material/MenuItem';
import { createLink } from '@tanstack/react-router';
import type { Ref } from 'react';

function AnchorMenuItem(props: MenuItemProps<'a'> & { ref?: Ref<HTMLAnchorElement> }) {
  return <MenuItem component="a" {...props} />;
}

/** An MUI menu item that is a typed router link. */
export const MenuItemLink = createLink(AnchorMenuItem);
